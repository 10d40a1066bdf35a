import { sql } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { matchBriefs, type LiveMatchBrief } from './match-brief.ts';
import { timestampOf } from '../../contract/timestamp.ts';

type LiveRoomPage = DataOf<'liveStreamingGetLiveList'>;
export type LiveRoom = LiveRoomPage['list'][number];

/** Room lists are the busiest read of the site; viewers and heat may lag this much. */
const listTtlMs = 3_000;
/** The cache keys of the room lists: a write to a room (share, placard, status) forgets them. */
export const roomListCacheKey = 'live_rooms:';

const statusOrder = sql<number>`case live_rooms.status when 'in_progress' then 0 when 'not_started' then 1 else 2 end`;

async function loadRooms(server: ServerContext, type: number, categoryId: number | undefined) {
  let query = server.database.db
    .selectFrom('live_rooms')
    .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
    .leftJoin('live_categories', 'live_categories.id', 'live_rooms.category_id')
    .select([
      'live_rooms.id',
      'live_rooms.title',
      'live_rooms.cover',
      'live_rooms.status',
      'live_rooms.type',
      'live_rooms.viewers',
      'live_rooms.heat',
      'live_rooms.placard',
      'live_rooms.is_recommended',
      'live_rooms.match_id',
      'live_rooms.started_at',
      'live_rooms.chat_slow_seconds',
      'live_rooms.chat_followers_only',
      'live_rooms.chat_block_links',
      'users.id as anchor_id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'live_categories.id as category_id',
      'live_categories.name as category_name',
      'live_categories.name_en as category_name_en',
      'live_categories.type as category_type',
    ])
    .where('users.disabled_at', 'is', null);
  if (type !== 0) query = query.where('live_rooms.type', '=', type as 1 | 2 | 3);
  if (categoryId !== undefined) query = query.where('live_rooms.category_id', '=', categoryId);
  return query.orderBy(statusOrder).orderBy('live_rooms.heat', 'desc').orderBy('live_rooms.id').execute();
}

export type RoomRow = Awaited<ReturnType<typeof loadRooms>>[number];

/** The rooms of a type (0 all) and category, on air first, then by heat: from memory for a few seconds. */
export function cachedRooms(server: ServerContext, type: number, categoryId?: number): Promise<RoomRow[]> {
  return server.cache.get(`${roomListCacheKey}${type}:${categoryId ?? ''}`, listTtlMs, () => loadRooms(server, type, categoryId));
}

/** One room as the lists hold it; undefined when there is no such room or its anchor is disabled. */
export async function cachedRoom(server: ServerContext, roomId: number): Promise<RoomRow | undefined> {
  return (await cachedRooms(server, 0)).find((row) => row.id === roomId);
}

export interface ViewerFlags {
  follows: Set<number>;
  reserved: Set<number>;
}

export function toLiveRoom(row: RoomRow, viewer: ViewerFlags, matches: Map<number, LiveMatchBrief>, server: ServerContext): LiveRoom {
  const match = row.match_id === null ? undefined : matches.get(row.match_id);
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    anchor: { id: row.anchor_id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: 1 },
    status: row.status,
    type: row.type,
    category: {
      id: row.category_id ?? 0,
      name: row.category_name ?? '',
      name_en: row.category_name_en ?? '',
      type: row.category_type ?? row.type,
    },
    viewers: row.status === 'in_progress' ? row.viewers : 0,
    heat: row.heat,
    ...(match ? { match } : {}),
    placard: row.placard,
    stream: server.media.playUrls(row.id),
    ...(row.started_at ? { start_time: timestampOf(row.started_at) } : {}),
    is_reserve: viewer.reserved.has(row.id) ? 1 : 0,
    is_attention: viewer.follows.has(row.anchor_id) ? 1 : 0,
  };
}

/** Which of these rooms' anchors the viewer follows, and which rooms' next broadcast they reserved. */
export async function viewerFlags(server: ServerContext, viewerId: number | null, rows: RoomRow[]): Promise<ViewerFlags> {
  if (viewerId === null || rows.length === 0) return { follows: new Set<number>(), reserved: new Set<number>() };
  const { db } = server.database;
  const [follows, reserved] = await Promise.all([
    db
      .selectFrom('follows')
      .select('target_id')
      .where('user_id', '=', viewerId)
      .where(
        'target_id',
        'in',
        rows.map((row) => row.anchor_id),
      )
      .execute(),
    db
      .selectFrom('live_reservations')
      .innerJoin('live_schedules', 'live_schedules.id', 'live_reservations.schedule_id')
      .select('live_schedules.room_id')
      .where('live_reservations.user_id', '=', viewerId)
      .where('live_schedules.start_time', '>', server.clock.now())
      .where(
        'live_schedules.room_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute(),
  ]);
  return {
    follows: new Set(follows.map((row) => row.target_id)),
    reserved: new Set(reserved.map((row) => row.room_id)),
  };
}

/** Rooms as the contract writes them, with the viewer's flags and each match's live score. */
export async function liveRooms(server: ServerContext, rows: RoomRow[], viewerId: number | null): Promise<LiveRoom[]> {
  const [flags, matches] = await Promise.all([
    viewerFlags(server, viewerId, rows),
    matchBriefs(
      server,
      rows.flatMap((row) => (row.match_id === null ? [] : [row.match_id])),
    ),
  ]);
  return rows.map((row) => toLiveRoom(row, flags, matches, server));
}

/** The streamer list (SPEC §2 /anchor): rooms in progress first, then by heat. */
export async function liveRoomPage(
  server: ServerContext,
  input: InputOf<'liveStreamingGetLiveList'>,
  viewerId: number | null,
): Promise<LiveRoomPage> {
  const type = input.type ?? 0;
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const rows = await cachedRooms(server, type, input.category_id);
  const slice = rows.slice((page - 1) * limit, page * limit);
  return { total: rows.length, page, limit, list: await liveRooms(server, slice, viewerId) };
}
