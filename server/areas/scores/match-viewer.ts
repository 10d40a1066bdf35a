import type { components } from '../../../src/api/schema.d.ts';
import type { Match } from '../../db/tables/scores-tables.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import type { ViewerContext } from './match-shapes.ts';
import type { OddsRow } from '../../ports/score-board.ts';

// What a match list needs beside the matches: the viewer's collected matches, the live rooms showing
// each match, and the rows of matches outside the board's reach.

/** Live rooms on air move on their own (the live area); their counts may lag this much. */
const roomsTtlMs = 3_000;
const collectsTtlMs = 60_000;
/** Days outside the board's reach (old results, far fixtures) change rarely. */
const farDayTtlMs = 60_000;

/** A live room showing a match, as the contract's match detail and hot list carry it. */
export type MatchRoom = components['schemas']['MatchLiveRoomLink'];

/** A room on air, and the match it shows (null for none). */
export interface RoomOnAir extends MatchRoom {
  match_id: number | null;
}

/** The rooms on air, most viewers first: the rooms of each match, and the search box's hot streamers. */
export function roomsOnAir(server: ServerContext): Promise<RoomOnAir[]> {
  return server.cache.get('scores:rooms-on-air', roomsTtlMs, async () => {
    const rows = await server.database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select([
        'live_rooms.id',
        'live_rooms.title',
        'live_rooms.cover',
        'live_rooms.viewers',
        'live_rooms.match_id',
        'users.id as anchor_id',
        'users.user_nickname',
        'users.avatar',
        'users.exp_icon',
      ])
      .where('live_rooms.status', '=', 'in_progress')
      .where('users.disabled_at', 'is', null)
      .orderBy('live_rooms.viewers', 'desc')
      .orderBy('live_rooms.id')
      .execute();
    return rows.map((row) => ({
      room_id: row.id,
      title: row.title,
      cover: row.cover,
      viewer_count: row.viewers,
      anchor: { id: row.anchor_id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: 1 as const },
      match_id: row.match_id,
    }));
  });
}

/** The rooms on air showing each match, most viewers first. */
export async function liveRoomsByMatch(server: ServerContext): Promise<Map<number, MatchRoom[]>> {
  const byMatch = new Map<number, MatchRoom[]>();
  for (const { match_id: matchId, ...room } of await roomsOnAir(server)) {
    if (matchId === null) continue;
    byMatch.set(matchId, [...(byMatch.get(matchId) ?? []), room]);
  }
  return byMatch;
}

export const collectsKey = (userId: number) => `scores:collects:${userId}`;

/** The matches a user collected (Basketballuser/collect); empty for a guest. */
export async function collectedMatchIds(server: ServerContext, userId: number | null): Promise<ReadonlySet<number>> {
  if (userId === null) return new Set();
  return server.cache.get(collectsKey(userId), collectsTtlMs, async () => {
    const rows = await server.database.db.selectFrom('match_collects').select('match_id').where('user_id', '=', userId).execute();
    return new Set(rows.map((row) => row.match_id));
  });
}

export async function viewerContext(server: ServerContext, userId: number | null, companyId: number | undefined): Promise<ViewerContext> {
  const [collected, rooms] = await Promise.all([collectedMatchIds(server, userId), liveRoomsByMatch(server)]);
  return { companyId, collected, anchorCount: (matchId) => rooms.get(matchId)?.length ?? 0 };
}

export interface MatchRows {
  matches: Match[];
  odds: Map<number, OddsRow[]>;
}

/** Matches and their odds read from the database, for what the board does not hold. */
export async function readMatches(
  server: ServerContext,
  where: { ids?: number[]; sport?: Match['sport']; from?: Date; to?: Date },
): Promise<MatchRows> {
  const { db } = server.database;
  if (where.ids && where.ids.length === 0) return { matches: [], odds: new Map() };
  let query = db.selectFrom('matches').selectAll();
  if (where.ids) query = query.where('id', 'in', where.ids);
  if (where.sport) query = query.where('sport', '=', where.sport);
  if (where.from) query = query.where('start_time', '>=', where.from);
  if (where.to) query = query.where('start_time', '<', where.to);
  const matches = await query.orderBy('start_time').orderBy('id').execute();
  return {
    matches,
    odds: await readOdds(
      server,
      matches.map((match) => match.id),
    ),
  };
}

export async function readOdds(server: ServerContext, matchIds: number[]): Promise<Map<number, OddsRow[]>> {
  const odds = new Map<number, OddsRow[]>();
  if (matchIds.length === 0) return odds;
  const rows = await server.database.db.selectFrom('match_odds').selectAll().where('match_id', 'in', matchIds).execute();
  for (const row of rows) odds.set(row.match_id, [...(odds.get(row.match_id) ?? []), row]);
  return odds;
}

/** A day's matches of a sport outside the board's reach. */
export function readFarDay(server: ServerContext, sport: Match['sport'], from: Date, to: Date): Promise<MatchRows> {
  return server.cache.get(`scores:day:${sport}:${from.getTime()}:${to.getTime()}`, farDayTtlMs, () =>
    readMatches(server, { sport, from, to }),
  );
}
