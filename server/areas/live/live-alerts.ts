import type { Match } from '../../db/schema.ts';
import type { FeedEvent } from '../../ports/match-feed.ts';
import { clipOfType } from '../../media/hls-clips.ts';
import { onAirCacheKey } from '../../media/hls-routes.ts';
import type { SocketLiveAlert } from '../../contract/socket-contract.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { tellRoomItsStatus } from './broadcast-service.ts';
import { matchBriefs } from './match-brief.ts';
import { roomListCacheKey } from './room-list-service.ts';

// Live alerts: an anchor I follow goes on air; a match I reserved kicks off. Each is
// pushed over the site socket to the connections registered with that user's token only
// (SiteSocket.pushToUser, across processes through the bus); the page shows a notice.

/** The followers of an anchor who went on air, each told once, with the room to open. */
export async function announceOnAir(server: ServerContext, roomId: number): Promise<number> {
  const { db } = server.database;
  const room = await db
    .selectFrom('live_rooms')
    .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
    .select(['live_rooms.id', 'live_rooms.title', 'users.id as anchor_id', 'users.user_nickname'])
    .where('live_rooms.id', '=', roomId)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!room) return 0;
  const followers = await db.selectFrom('follows').select('user_id').where('target_id', '=', room.anchor_id).execute();
  const frame: SocketLiveAlert = {
    code: 310,
    type: 'live_alert',
    kind: 'anchor_live',
    room_id: room.id,
    anchor: { id: room.anchor_id, user_nickname: room.user_nickname.slice(0, 64) },
    title: room.title.slice(0, 100),
  };
  await Promise.all(followers.map((row) => server.siteSocket.pushToUser(row.user_id, frame)));
  return followers.length;
}

/** The users who reserved a match, or a scheduled broadcast of it, told that it kicked off. */
export async function announceKickoff(server: ServerContext, matchId: number): Promise<number> {
  const { db } = server.database;
  const [brief, reservers, room] = await Promise.all([
    matchBriefs(server, [matchId]).then((briefs) => briefs.get(matchId)),
    db
      .selectFrom('live_reservations')
      .leftJoin('live_schedules', 'live_schedules.id', 'live_reservations.schedule_id')
      .select('live_reservations.user_id')
      .where((eb) => eb.or([eb('live_reservations.match_id', '=', matchId), eb('live_schedules.match_id', '=', matchId)]))
      .distinct()
      .execute(),
    db
      .selectFrom('live_rooms')
      .select('id')
      .where('match_id', '=', matchId)
      .where('status', '=', 'in_progress')
      .orderBy('heat', 'desc')
      .executeTakeFirst(),
  ]);
  if (!brief || reservers.length === 0) return 0;
  const frame: SocketLiveAlert = { code: 310, type: 'live_alert', kind: 'match_kickoff', match: brief, ...(room ? { room_id: room.id } : {}) };
  await Promise.all(reservers.map((row) => server.siteSocket.pushToUser(row.user_id, frame)));
  return reservers.length;
}

/**
 * Watches the feed this process plays for kick-offs: a match seen in progress for the first time
 * since the server started (those already in progress at start are known, not announced).
 * Answers the unsubscribe.
 */
export async function watchKickoffs(server: ServerContext): Promise<() => void> {
  const { feed } = server;
  if (!feed) return () => undefined;
  const seen = new Set(
    (await server.database.db.selectFrom('matches').select('id').where('status', '=', 'in_progress').execute()).map((row) => row.id),
  );
  const kickedOff = (matches: Match[]) => matches.filter((match) => match.status === 'in_progress' && !seen.has(match.id));
  return feed.subscribe((event: FeedEvent) => {
    if (event.type !== 'played') return;
    for (const match of event.finished) seen.delete(match.id);
    for (const match of kickedOff(event.matches)) {
      seen.add(match.id);
      announceKickoff(server, match.id).catch((error: unknown) => server.log.warn({ err: error, match: match.id }, 'kick-off alert failed'));
    }
  });
}

/**
 * Puts a room on or off air: on air opens a broadcast record and tells the anchor's followers; off
 * air closes the record as a playback of the room's demo clip. Answers whether anything changed.
 */
export async function setRoomOnAir(server: ServerContext, roomId: number, onAir: boolean): Promise<boolean> {
  const { db } = server.database;
  const now = server.clock.now();
  const room = await db.selectFrom('live_rooms').select(['id', 'status', 'type', 'title', 'match_id', 'demo_clip']).where('id', '=', roomId).executeTakeFirst();
  if (!room || (room.status === 'in_progress') === onAir) return false;
  await db.transaction().execute(async (trx) => {
    if (onAir) {
      await trx.updateTable('live_rooms').set({ status: 'in_progress', started_at: now, ended_at: null }).where('id', '=', roomId).execute();
      await trx.insertInto('live_records').values({ room_id: roomId, title: room.title, match_id: room.match_id, started_at: now }).execute();
    } else {
      await trx.updateTable('live_rooms').set({ status: 'over', ended_at: now }).where('id', '=', roomId).execute();
      const clip = room.demo_clip ?? `${clipOfType[room.type]}-1`;
      await trx
        .updateTable('live_records')
        .set({ ended_at: now, playback_path: `/media/videos/${clip}/index.m3u8` })
        .where('room_id', '=', roomId)
        .where('ended_at', 'is', null)
        .execute();
    }
  });
  server.cache.invalidate(roomListCacheKey);
  server.cache.invalidate(onAirCacheKey);
  await tellRoomItsStatus(server, roomId, onAir ? 'in_progress' : 'over', onAir ? now : undefined);
  if (onAir) await announceOnAir(server, roomId);
  return true;
}
