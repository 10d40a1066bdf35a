import type { components } from '../../../src/api/schema.d.ts';
import type { ServerContext } from '../../server-context.ts';
import { cachedRoom } from './room-list-service.ts';
import { standingIn } from './room-info-service.ts';

// The rules of a live room's chat (issue 11, SPEC §6 room managers): who may speak, with which badge, how
// much and how often. The messaging socket asks these before it stores a message.

type RefusalReason = NonNullable<components['schemas']['ImError']['reason']>;

export const roomChatMessages = {
  loginToChat: 'Log in to chat',
  muted: 'You are muted in this room',
  kicked: 'You were kicked out of this room',
  tooLong: 'A message may have at most {max} characters',
  tooFast: 'You are sending too fast; wait a moment',
  textOnly: 'Room chat takes text only',
  noRoom: 'Live room not found',
} as const;

/** Room chat lines are short, as danmaku over the picture must be. */
export const roomChatMaxLength = 100;
/** Flooding: at most this many messages per user in the window, over all rooms of this process. */
export const roomChatRate = { messages: 5, windowMs: 10_000 } as const;

export interface RoomChatRefusal {
  reason: RefusalReason;
  msg: string;
  params?: Readonly<Record<string, number>>;
}

export interface RoomChatSpeech {
  badge?: 'anchor' | 'manager' | 'guard' | 'noble';
}

/** The room of a room chat group (live<room id>) when it exists. */
export async function roomOfGroup(server: ServerContext, roomId: number): Promise<{ id: number; anchor_id: number } | null> {
  const room = await cachedRoom(server, roomId);
  return room ? { id: room.id, anchor_id: room.anchor_id } : null;
}

/** Per-user sliding windows of recent sends (this process; a user's tabs are usually on one). */
export class SendRate {
  readonly #sent = new Map<number, number[]>();

  constructor(private readonly limit: { messages: number; windowMs: number } = roomChatRate) {}

  /** Counts a send at `now` unless the user is over the limit; true when allowed. */
  take(userId: number, now: number): boolean {
    const recent = (this.#sent.get(userId) ?? []).filter((at) => at > now - this.limit.windowMs);
    if (recent.length >= this.limit.messages) {
      this.#sent.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.#sent.set(userId, recent);
    return true;
  }

  /** Forgets users who sent nothing in the window, so the map does not grow without end. */
  prune(now: number): void {
    for (const [userId, times] of this.#sent) if (times.every((at) => at <= now - this.limit.windowMs)) this.#sent.delete(userId);
  }
}

/**
 * Whether `userId` may say `text` in the room now: refused when muted or kicked out (live/liveKickout), when too
 * long or too fast; allowed with the anchor's, a manager's, a guard's or a noble's badge. The text itself is stored as it is and shown
 * as text (never markup) by every screen.
 */
export async function roomChatSpeech(
  server: ServerContext,
  room: { id: number; anchor_id: number },
  userId: number,
  text: string,
  rate: SendRate,
): Promise<RoomChatSpeech | RoomChatRefusal> {
  if ([...text].length > roomChatMaxLength) {
    return { reason: 'too_long', msg: roomChatMessages.tooLong, params: { max: roomChatMaxLength } };
  }
  const standing = await standingIn(server, room, userId);
  if (standing.is_kicked === 1) return { reason: 'kicked', msg: roomChatMessages.kicked };
  if (standing.is_taboo === 1) return { reason: 'muted', msg: roomChatMessages.muted };
  if (!rate.take(userId, server.clock.now().getTime())) return { reason: 'too_fast', msg: roomChatMessages.tooFast };
  if (room.anchor_id === userId) return { badge: 'anchor' };
  if (standing.is_manager === 1) return { badge: 'manager' };
  // Issue 13: who guards the room's anchor, else who holds a nobility, wears its badge.
  if (standing.is_guard === 1) return { badge: 'guard' };
  const noble = await server.database.db
    .selectFrom('guard_memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('anchor_id', 'is', null)
    .where('expires_at', '>', server.clock.now())
    .executeTakeFirst();
  return noble ? { badge: 'noble' } : {};
}

export function isRefusal(speech: RoomChatSpeech | RoomChatRefusal): speech is RoomChatRefusal {
  return 'reason' in speech;
}
