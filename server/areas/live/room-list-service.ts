import { sql } from 'kysely';
import type { MediaServer } from '../../adapters/media/media-server.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { LiveStatus } from '../../db/schema.ts';
import type { ServerContext } from '../../server-context.ts';

type LiveRoomPage = DataOf<'liveStreamingGetLiveList'>;
type LiveRoom = LiveRoomPage['list'][number];
type LiveMatchBrief = NonNullable<LiveRoom['match']>;

/** Room lists are the busiest read of the site; viewers and heat may lag this much. */
const listTtlMs = 3_000;

const statusOrder = sql<number>`case live_rooms.status when 'in_progress' then 0 when 'not_started' then 1 else 2 end`;

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The minute or period as the score pages show it (SPEC §3 match_str). */
export function matchMinuteText(phase: string, minute: number, addedMinute: number): string {
  if (phase === 'half_time') return 'HT';
  if (phase === 'break') return 'Break';
  if (/^q[1-4]$/.test(phase)) return `${phase.toUpperCase()} ${minute}'`;
  if (phase === 'ot') return `OT ${minute}'`;
  if (phase.startsWith('game_')) return `G${phase.slice(5)}`;
  return addedMinute > 0 ? `${minute}+${addedMinute}'` : `${minute}'`;
}

async function loadRooms(server: ServerContext, type: number, categoryId: number | undefined) {
  let query = server.database.db
    .selectFrom('live_rooms')
    .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
    .leftJoin('live_categories', 'live_categories.id', 'live_rooms.category_id')
    .leftJoin('matches', 'matches.id', 'live_rooms.match_id')
    .leftJoin('leagues', 'leagues.id', 'matches.league_id')
    .leftJoin('teams as home', 'home.id', 'matches.home_team_id')
    .leftJoin('teams as away', 'away.id', 'matches.away_team_id')
    .select([
      'live_rooms.id',
      'live_rooms.title',
      'live_rooms.cover',
      'live_rooms.status',
      'live_rooms.type',
      'live_rooms.viewers',
      'live_rooms.heat',
      'live_rooms.placard',
      'live_rooms.started_at',
      'users.id as anchor_id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'live_categories.id as category_id',
      'live_categories.name as category_name',
      'live_categories.name_en as category_name_en',
      'live_categories.type as category_type',
      'matches.id as match_id',
      'matches.status as match_status',
      'matches.phase',
      'matches.minute',
      'matches.added_minute',
      'matches.home_score',
      'matches.away_score',
      'matches.start_time',
      'leagues.short_name_zh',
      'leagues.short_name_en as league_name_en',
      'home.short_name_zh as home_name',
      'home.short_name_en as home_name_en',
      'home.logo as home_logo',
      'away.short_name_zh as away_name',
      'away.short_name_en as away_name_en',
      'away.logo as away_logo',
    ])
    .where('users.disabled_at', 'is', null);
  if (type !== 0) query = query.where('live_rooms.type', '=', type as 1 | 2 | 3);
  if (categoryId !== undefined) query = query.where('live_rooms.category_id', '=', categoryId);
  return query.orderBy(statusOrder).orderBy('live_rooms.heat', 'desc').orderBy('live_rooms.id').execute();
}

type RoomRow = Awaited<ReturnType<typeof loadRooms>>[number];

function matchBrief(row: RoomRow): LiveMatchBrief | undefined {
  if (row.match_id === null || row.match_status === null || row.start_time === null) return undefined;
  const status = row.match_status as LiveStatus;
  return {
    id: row.match_id,
    type: row.type,
    short_name_zh: row.short_name_zh ?? '',
    league_name_en: row.league_name_en ?? '',
    home_team_name_zh: row.home_name ?? '',
    home_team_name_en: row.home_name_en ?? '',
    home_team_logo: row.home_logo ?? '',
    away_team_name_zh: row.away_name ?? '',
    away_team_name_en: row.away_name_en ?? '',
    away_team_logo: row.away_logo ?? '',
    home_score: row.home_score ?? 0,
    away_score: row.away_score ?? 0,
    status,
    ...(status === 'in_progress' && row.phase !== null
      ? { match_str: matchMinuteText(row.phase, row.minute ?? 0, row.added_minute ?? 0) }
      : {}),
    match_time: seconds(row.start_time),
  };
}

function toLiveRoom(row: RoomRow, viewer: { follows: Set<number>; reserved: Set<number> }, media: MediaServer): LiveRoom {
  const match = matchBrief(row);
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
    stream: media.playUrls(row.id),
    ...(row.started_at ? { start_time: seconds(row.started_at) } : {}),
    is_reserve: viewer.reserved.has(row.id) ? 1 : 0,
    is_attention: viewer.follows.has(row.anchor_id) ? 1 : 0,
  };
}

/** Which of these rooms' anchors the viewer follows, and which rooms' next broadcast they reserved. */
async function viewerFlags(server: ServerContext, viewerId: number | null, rows: RoomRow[]) {
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

/** The streamer list (SPEC §2 /anchor): rooms in progress first, then by heat. */
export async function liveRoomPage(
  server: ServerContext,
  input: InputOf<'liveStreamingGetLiveList'>,
  viewerId: number | null,
): Promise<LiveRoomPage> {
  const type = input.type ?? 0;
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const rows = await server.cache.get(`live_rooms:${type}:${input.category_id ?? ''}`, listTtlMs, () =>
    loadRooms(server, type, input.category_id),
  );
  const slice = rows.slice((page - 1) * limit, page * limit);
  const flags = await viewerFlags(server, viewerId, slice);
  return { total: rows.length, page, limit, list: slice.map((row) => toLiveRoom(row, flags, server.media)) };
}
