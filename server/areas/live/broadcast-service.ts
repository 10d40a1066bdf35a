import { randomBytes } from 'node:crypto';
import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import { onAirCacheKey } from '../../media/hls-routes.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { publishGroupFrame } from '../../realtime/messaging-hub.ts';
import { anchorRoomOf, liveRoomMessages, roomChatGroupId } from './room-info-service.ts';
import { cachedRoom, liveRooms, roomListCacheKey } from './room-list-service.ts';
import { timestampOf } from '../../contract/timestamp.ts';

type PushInfo = DataOf<'liveGetLiveUrl'>;
type LiveRecord = DataOf<'liveEndRoom'>;

export const broadcastMessages = {
  notOnAir: 'The room is not on air',
} as const;

/** Where anchors push: the media server's RTMP address as the anchor's browser reaches the site. */
export interface PushAddress {
  /** The host name the anchor used to reach the site (the media server runs beside it). */
  host: string;
  rtmpPort: number;
}

/** A new stream key: 32 hex characters, the form 004_live.sql accepts. */
function newStreamKey(): string {
  return randomBytes(16).toString('hex');
}

/** Forgets what the lists and the HLS routes keep of rooms, so a change of status shows at once. */
function forgetRooms(server: ServerContext): void {
  server.cache.invalidate(roomListCacheKey);
  server.cache.invalidate(onAirCacheKey);
}

/**
 * Tells everyone in the room, on every process, that it went on or off air: an open page switches its player at
 * once instead of finding out from its next read of the room (or from playlists that are gone).
 */
export async function tellRoomItsStatus(server: ServerContext, roomId: number, status: 'in_progress' | 'over', startedAt?: Date): Promise<void> {
  const groupID = roomChatGroupId(roomId);
  await publishGroupFrame(server.bus, groupID, {
    type: 'room_status',
    conversationID: `GROUP${groupID}`,
    room_id: roomId,
    status,
    ...(startedAt ? { start_time: timestampOf(startedAt) } : {}),
  }).catch((error: unknown) => server.log.error({ err: error, roomId }, 'the room could not be told its air status'));
}

/** Live/getLiveUrl: the push address and key of the anchor's room; `reset` issues a new key and the old one stops working. */
export async function pushInfo(server: ServerContext, anchorId: number, reset: boolean, address: PushAddress): Promise<PushInfo> {
  const room = await anchorRoomOf(server, anchorId);
  const { db } = server.database;
  const row = reset
    ? await db.updateTable('live_rooms').set({ stream_key: newStreamKey() }).where('id', '=', room.id).returning('stream_key').executeTakeFirstOrThrow()
    : await db.selectFrom('live_rooms').select('stream_key').where('id', '=', room.id).executeTakeFirstOrThrow();
  const port = address.rtmpPort === 1935 ? '' : `:${String(address.rtmpPort)}`;
  return { room_id: room.id, push_url: `rtmp://${address.host}${port}/live`, stream_key: row.stream_key };
}

/**
 * Puts a room on air and opens its broadcast record; a room already on air stays as it is. `pushed`: an anchor's
 * encoder is sending the picture (not a demo room airing its clip), so the room's figures are counted from now.
 */
export async function startBroadcast(server: ServerContext, roomId: number, { pushed = false } = {}): Promise<void> {
  const now = server.clock.now();
  const changed = await server.database.db.transaction().execute(async (trx) => {
    const room = await trx
      .selectFrom('live_rooms')
      .select(['status', 'title', 'match_id', 'seeded_audience'])
      .where('id', '=', roomId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (room.status === 'in_progress') return false;
    // A real broadcast counts only who is in the room (recordRoomPresence); a demo room airing its clip keeps the
    // seed's labelled audience, which a push takes off for good.
    const audience = pushed || !room.seeded_audience ? { viewers: 0, heat: 0, seeded_audience: false } : {};
    await trx.updateTable('live_rooms').set({ status: 'in_progress', started_at: now, ended_at: null, ...audience }).where('id', '=', roomId).execute();
    await trx.insertInto('live_records').values({ room_id: roomId, title: room.title, match_id: room.match_id, started_at: now }).execute();
    return true;
  });
  forgetRooms(server);
  if (changed) await tellRoomItsStatus(server, roomId, 'in_progress', now);
}

/** Takes a room off air and closes its broadcast record, with the recording's address when there is one. */
export async function endBroadcast(server: ServerContext, roomId: number, playbackPath: (recordId: number) => string | null = () => null): Promise<LiveRecord> {
  const now = server.clock.now();
  const record = await server.database.db.transaction().execute(async (trx) => {
    const room = await trx.selectFrom('live_rooms').select(['status', 'viewers']).where('id', '=', roomId).forUpdate().executeTakeFirstOrThrow();
    if (room.status !== 'in_progress') throw new DomainError(broadcastMessages.notOnAir);
    await trx.updateTable('live_rooms').set({ status: 'over', ended_at: now }).where('id', '=', roomId).execute();
    const open = await trx
      .selectFrom('live_records')
      .select(['id', 'peak_viewers'])
      .where('room_id', '=', roomId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    // A room put on air before records were kept has none open: its broadcast is recorded from what the room knows.
    const id =
      open?.id ??
      (
        await trx
          .insertInto('live_records')
          .values({ room_id: roomId, title: '', started_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    return trx
      .updateTable('live_records')
      .set({ ended_at: now, peak_viewers: Math.max(open?.peak_viewers ?? 0, room.viewers), playback_path: playbackPath(id) })
      .where('id', '=', id)
      .returning(['id', 'title', 'started_at', 'ended_at', 'peak_viewers', 'income'])
      .executeTakeFirstOrThrow();
  });
  forgetRooms(server);
  await tellRoomItsStatus(server, roomId, 'over');
  const ended = record.ended_at ?? now;
  return {
    id: record.id,
    title: record.title,
    start_time: timestampOf(record.started_at),
    end_time: timestampOf(ended),
    duration: Math.max(0, timestampOf(ended) - timestampOf(record.started_at)),
    peak_viewers: record.peak_viewers,
    income: Number(record.income),
  };
}

/** Live/startRoom: the anchor's room on air with its current settings, and where to push. */
export async function startRoom(server: ServerContext, anchorId: number, address: PushAddress): Promise<DataOf<'liveStartRoom'>> {
  const { id } = await anchorRoomOf(server, anchorId);
  await startBroadcast(server, id);
  const row = await cachedRoom(server, id);
  const [room] = row ? await liveRooms(server, [row], anchorId) : [];
  if (!room) throw new DomainError(liveRoomMessages.anchorNotFound);
  return { room, push: await pushInfo(server, anchorId, false, address) };
}

/** Live/endRoom: the anchor's broadcast ends; code 1 when the room is not on air. */
export async function endRoom(server: ServerContext, anchorId: number): Promise<LiveRecord> {
  const { id } = await anchorRoomOf(server, anchorId);
  return endBroadcast(server, id);
}

/** The room whose stream key this is, when its anchor may broadcast. */
export async function roomOfStreamKey(server: ServerContext, streamKey: string): Promise<{ id: number } | undefined> {
  if (!/^[A-Za-z0-9]{16,64}$/.test(streamKey)) return undefined;
  return server.database.db
    .selectFrom('live_rooms')
    .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
    .select('live_rooms.id')
    .where('live_rooms.stream_key', '=', streamKey)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The audience of a real broadcast as it is: how many are in the room's chat now (every process's count), its heat
 * (the same count: nothing made up is added), and the broadcast's peak. A demo room's seeded audience is left as
 * the seed labels it.
 */
export async function recordRoomPresence(server: ServerContext, roomId: number, present: number): Promise<void> {
  const { db } = server.database;
  const room = await db
    .updateTable('live_rooms')
    .set({ viewers: present, heat: present })
    .where('id', '=', roomId)
    .where('status', '=', 'in_progress')
    .where('seeded_audience', '=', false)
    .where('viewers', '<>', present)
    .returning('id')
    .executeTakeFirst();
  if (!room) return;
  await db
    .updateTable('live_records')
    .set((eb) => ({ peak_viewers: eb.fn('greatest', [eb.ref('peak_viewers'), eb.val(present)]) }))
    .where('room_id', '=', roomId)
    .where('ended_at', 'is', null)
    .execute();
  server.cache.invalidate(roomListCacheKey);
}
