import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { countTaskProgress } from '../tasks/tasks-public.ts';
import { cachedRoom, liveRooms, type RoomRow } from './room-list-service.ts';
import { timestampOf } from '../../contract/timestamp.ts';

type RoomInfo = DataOf<'liveStreamingGetRoomInfo'>;
type ViewerStatus = DataOf<'liveGetUserStatus'>;

export const liveRoomMessages = {
  notFound: 'Live room not found',
  anchorNotFound: 'Anchor not found',
  notManager: "Only the room's managers may see another user's status",
  kickedOut: 'You were kicked out of this room',
} as const;

const guestStatus: ViewerStatus = { is_taboo: 0, is_manager: 0, is_guard: 0, is_kicked: 0 };

/** The messaging group of a room's chat and barrage (joined as GROUP<id>, DESIGN.md Realtime). */
export function roomChatGroupId(roomId: number): string {
  return `live${roomId}`;
}

type ChatRules = NonNullable<RoomInfo['chat_rules']>;

/** The room's chat rules as the contract shows them. */
export function chatRulesOf(row: Pick<RoomRow, 'chat_slow_seconds' | 'chat_followers_only' | 'chat_block_links'>): ChatRules {
  return {
    slow_seconds: row.chat_slow_seconds as ChatRules['slow_seconds'],
    followers_only: row.chat_followers_only ? 1 : 0,
    block_links: row.chat_block_links ? 1 : 0,
  };
}

/** A room that exists and whose anchor is not disabled, from the lists' memory; else code 1. */
export async function existingRoom(server: ServerContext, roomId: number): Promise<RoomRow> {
  const row = await cachedRoom(server, roomId);
  if (!row) throw new DomainError(liveRoomMessages.notFound);
  return row;
}

/** The room of an anchor who is not disabled; else code 1 (a user with no room is no anchor here). */
export async function anchorRoomOf(server: ServerContext, anchorId: number): Promise<{ id: number }> {
  const room = await server.database.db
    .selectFrom('live_rooms')
    .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
    .select('live_rooms.id')
    .where('live_rooms.anchor_id', '=', anchorId)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!room) throw new DomainError(liveRoomMessages.anchorNotFound);
  return room;
}

/** A user's standing in a room: muted, manager (the anchor is one), guarding its anchor, kicked out. */
export async function standingIn(server: ServerContext, room: Pick<RoomRow, 'id' | 'anchor_id'>, userId: number): Promise<ViewerStatus> {
  const { db } = server.database;
  const now = server.clock.now();
  const [mute, manager, guard, kick] = await Promise.all([
    db
      .selectFrom('room_mutes')
      .select('until')
      .where('room_id', '=', room.id)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
      .executeTakeFirst(),
    room.anchor_id === userId
      ? Promise.resolve({ user_id: userId })
      : db.selectFrom('room_managers').select('user_id').where('room_id', '=', room.id).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('guard_memberships')
      .innerJoin('guard_tiers', 'guard_tiers.id', 'guard_memberships.tier_id')
      .select('guard_memberships.expires_at')
      .where('guard_tiers.kind', '=', 'guard')
      .where('guard_memberships.user_id', '=', userId)
      .where('guard_memberships.anchor_id', '=', room.anchor_id)
      .where('guard_memberships.starts_at', '<=', now)
      .where('guard_memberships.expires_at', '>', now)
      .orderBy('guard_memberships.expires_at', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('live_kickouts')
      .select('until')
      .where('room_id', '=', room.id)
      .where('user_id', '=', userId)
      .where('until', '>', now)
      .executeTakeFirst(),
  ]);
  return {
    is_taboo: mute ? 1 : 0,
    ...(mute?.until ? { taboo_until: timestampOf(mute.until) } : {}),
    is_manager: manager ? 1 : 0,
    is_guard: guard ? 1 : 0,
    ...(guard ? { guard_until: timestampOf(guard.expires_at) } : {}),
    is_kicked: kick ? 1 : 0,
    ...(kick ? { kick_until: timestampOf(kick.until) } : {}),
  };
}

/** Live/getUserStatus: the caller's standing, or (for the room's managers) another user's. */
export async function viewerStatus(server: ServerContext, callerId: number, roomId: number, userId?: number): Promise<ViewerStatus> {
  const room = await existingRoom(server, roomId);
  const own = await standingIn(server, room, callerId);
  if (userId === undefined || userId === callerId) return own;
  if (own.is_manager !== 1) throw new DomainError(liveRoomMessages.notManager);
  return standingIn(server, room, userId);
}

async function anchorStats(server: ServerContext, anchorId: number): Promise<RoomInfo['anchor_stats']> {
  const { db } = server.database;
  const now = server.clock.now();
  const [anchor, fans, guards] = await Promise.all([
    db.selectFrom('users').select(['anchor_level', 'signature']).where('id', '=', anchorId).executeTakeFirstOrThrow(),
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target_id', '=', anchorId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('guard_memberships')
      .innerJoin('guard_tiers', 'guard_tiers.id', 'guard_memberships.tier_id')
      .select((eb) => eb.fn.count<number>('guard_memberships.user_id').distinct().as('n'))
      .where('guard_tiers.kind', '=', 'guard')
      .where('guard_memberships.anchor_id', '=', anchorId)
      .where('guard_memberships.starts_at', '<=', now)
      .where('guard_memberships.expires_at', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  return { fans: Number(fans.n), guard_count: Number(guards.n), level: anchor.anchor_level, signature: anchor.signature };
}

/**
 * Live_streaming/getRoomInfo: the room page's data. The room and its match's live score come from
 * memory (the room lists and the score board); the anchor's figures and the viewer's standing are
 * read per call, so a follow shows at once. A room not on air shows its next schedule and past
 * broadcasts through Live_streaming/getReserveLiveList and getLivePlaybackList.
 */
export async function roomInfo(server: ServerContext, roomId: number, viewerId: number | null): Promise<RoomInfo> {
  const row = await existingRoom(server, roomId);
  const [[room], stats, viewer] = await Promise.all([
    liveRooms(server, [row], viewerId),
    anchorStats(server, row.anchor_id),
    viewerId === null ? Promise.resolve(guestStatus) : standingIn(server, row, viewerId),
  ]);
  if (viewer.is_kicked === 1) throw new DomainError(liveRoomMessages.kickedOut);
  return { room: room!, anchor_stats: stats, viewer, chat_group_id: roomChatGroupId(row.id), chat_rules: chatRulesOf(row) };
}

/** Live/getPlacard: the room's announcement (SPEC §5, up to 50 characters). */
export async function roomPlacard(server: ServerContext, roomId: number): Promise<DataOf<'liveGetPlacard'>> {
  const row = await existingRoom(server, roomId);
  return { room_id: row.id, placard: row.placard };
}

/** live/share: counts a share of the room and answers what to share. */
export async function shareRoom(server: ServerContext, roomId: number, userId: number | null): Promise<DataOf<'liveShare'>> {
  const row = await existingRoom(server, roomId);
  const shared = await server.database.db
    .updateTable('live_rooms')
    .set((eb) => ({ share_count: eb('share_count', '+', 1) }))
    .where('id', '=', row.id)
    .returning(['share_count', 'title', 'cover'])
    .executeTakeFirstOrThrow();
  if (userId !== null) await countTaskProgress(server, userId, 'share');
  return { path: `/live?id=${row.id}`, title: shared.title, cover: shared.cover, share_count: shared.share_count };
}
