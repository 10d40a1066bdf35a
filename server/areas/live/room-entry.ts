import type { ImServerMessage } from '../../contract/socket-contract.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import type { ChatRoom } from './room-chat-service.ts';
import { roomChatGroupId } from './room-info-service.ts';

export type RoomEntry = Extract<ImServerMessage, { type: 'room_entry' }>;

/** One member's entry into one room is told at most this often. */
export const roomEntryQuietMs = 60_000;

/** When each member last had an entry told in each room, on this process. */
export class EntryThrottle {
  readonly #told = new Map<string, number>();

  /** Whether an entry may be told now; if so, counts it. */
  take(roomId: number, userId: number, now: number): boolean {
    const key = `${String(roomId)}:${String(userId)}`;
    const last = this.#told.get(key);
    if (last !== undefined && now - last < roomEntryQuietMs) return false;
    this.#told.set(key, now);
    return true;
  }

  prune(now: number): void {
    for (const [key, at] of this.#told) if (now - at >= roomEntryQuietMs) this.#told.delete(key);
  }
}

/**
 * The entry effect of a member coming into a room: a guard of the room's anchor, else a
 * noble, with the tier held; null for everyone else.
 */
export async function roomEntryOf(server: ServerContext, room: Pick<ChatRoom, 'id' | 'anchor_id'>, userId: number): Promise<RoomEntry | null> {
  const now = server.clock.now();
  const held = await server.database.db
    .selectFrom('guard_memberships')
    .innerJoin('guard_tiers', 'guard_tiers.id', 'guard_memberships.tier_id')
    .innerJoin('users', 'users.id', 'guard_memberships.user_id')
    .select([
      'guard_tiers.kind',
      'guard_tiers.level',
      'guard_tiers.name',
      'guard_tiers.name_en',
      'guard_tiers.icon',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'users.is_anchor',
    ])
    .where('guard_memberships.user_id', '=', userId)
    .where('guard_memberships.starts_at', '<=', now)
    .where('guard_memberships.expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('guard_tiers.kind', '=', 'guard'), eb('guard_memberships.anchor_id', '=', room.anchor_id)]),
        eb.and([eb('guard_tiers.kind', '=', 'nobility'), eb('guard_memberships.anchor_id', 'is', null)]),
      ]),
    )
    // The room's own guard speaks of this room; a nobility is the same everywhere.
    .orderBy((eb) => eb.case().when('guard_tiers.kind', '=', 'guard').then(0).else(1).end())
    .orderBy('guard_tiers.level', 'desc')
    .executeTakeFirst();
  if (!held) return null;
  return {
    type: 'room_entry',
    conversationID: `GROUP${roomChatGroupId(room.id)}`,
    user: { id: userId, user_nickname: held.user_nickname, avatar: held.avatar, exp_icon: held.exp_icon, is_anchor: held.is_anchor },
    tier: { kind: held.kind, level: held.level, name: held.name, name_en: held.name_en, icon: held.icon },
  };
}
