import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { matchBriefs } from './match-brief.ts';
import { anchorRoomOf } from './room-info-service.ts';
import { cachedRoom, liveRooms, roomListCacheKey } from './room-list-service.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import { roomCoverUpload } from '../../../src/rules/upload-limits.ts';

// The anchor's console (SPEC §5): the title, announcement, cover, category and match of the
// anchor's own room, and the records of its past broadcasts.

type LiveRoom = DataOf<'liveUpdateLive'>;

export const roomSettingsMessages = {
  coverNotUploaded: 'Upload the cover first: a png or jpg image of up to 5 MB',
  categoryNotFound: 'Category not found',
  matchNotFound: 'Match not found',
} as const;

/** The anchor's room as the lists show it, read again after a change. */
async function roomNow(server: ServerContext, roomId: number, anchorId: number): Promise<LiveRoom> {
  server.cache.invalidate(roomListCacheKey);
  const row = await cachedRoom(server, roomId);
  if (!row) throw new Error(`room ${String(roomId)} vanished while it was changed`);
  return (await liveRooms(server, [row], anchorId))[0]!;
}

/** live/setTitle. */
export async function setRoomTitle(server: ServerContext, anchorId: number, title: string): Promise<null> {
  const room = await anchorRoomOf(server, anchorId);
  await server.database.db.updateTable('live_rooms').set({ title: title.trim() || title }).where('id', '=', room.id).execute();
  server.cache.invalidate(roomListCacheKey);
  return null;
}

/** Live/setPlacard: up to 50 characters (the contract holds the length); empty clears it. */
export async function setRoomPlacard(server: ServerContext, anchorId: number, placard: string): Promise<DataOf<'liveSetPlacard'>> {
  const room = await anchorRoomOf(server, anchorId);
  await server.database.db.updateTable('live_rooms').set({ placard: placard.trim() }).where('id', '=', room.id).execute();
  server.cache.invalidate(roomListCacheKey);
  return { room_id: room.id, placard: placard.trim(), update_time: timestampOf(server.clock.now()) };
}

/** What the console may change of the anchor's room at once; what is absent stays. */
export interface RoomSettings {
  title?: string;
  placard?: string;
  /** The path of a cover the anchor uploaded. */
  cover?: string;
  category_id?: number;
  /** 0 unlinks the match. */
  match_id?: number;
}

/**
 * live/updateLive, Live/setLiveInfo and Live/mobileStartRoom: only what is sent changes, all of it in one write
 * after every part was checked. The cover must be an image the anchor uploaded (checked by its content when it
 * came), png or jpg of up to 5 MB; a category sets the room's type with it.
 */
export async function applyRoomSettings(server: ServerContext, anchorId: number, settings: RoomSettings): Promise<LiveRoom> {
  const room = await anchorRoomOf(server, anchorId);
  const { db } = server.database;
  const changes: { title?: string; placard?: string; cover?: string; category_id?: number; type?: 1 | 2 | 3; match_id?: number | null } = {};
  if (settings.title !== undefined) changes.title = settings.title.trim() || settings.title;
  if (settings.placard !== undefined) changes.placard = settings.placard.trim();
  if (settings.cover !== undefined) {
    const upload = await db
      .selectFrom('uploads')
      .select(['content_type', 'bytes'])
      .where('path', '=', settings.cover)
      .where('owner_id', '=', anchorId)
      .executeTakeFirst();
    if (!upload || !roomCoverUpload.contentTypes.some((type) => type === upload.content_type) || upload.bytes > roomCoverUpload.maxBytes) {
      throw new DomainError(roomSettingsMessages.coverNotUploaded);
    }
    changes.cover = settings.cover;
  }
  if (settings.category_id !== undefined) {
    const category = await db.selectFrom('live_categories').select(['id', 'type']).where('id', '=', settings.category_id).executeTakeFirst();
    if (!category) throw new DomainError(roomSettingsMessages.categoryNotFound);
    changes.category_id = category.id;
    changes.type = category.type as 1 | 2 | 3;
  }
  if (settings.match_id !== undefined) {
    if (settings.match_id === 0) changes.match_id = null;
    else {
      if (!(await matchBriefs(server, [settings.match_id])).has(settings.match_id)) throw new DomainError(roomSettingsMessages.matchNotFound);
      changes.match_id = settings.match_id;
    }
  }
  if (Object.keys(changes).length > 0) await db.updateTable('live_rooms').set(changes).where('id', '=', room.id).execute();
  return roomNow(server, room.id, anchorId);
}

/** live/updateLive. */
export function updateRoom(server: ServerContext, anchorId: number, input: InputOf<'liveUpdateLive'>): Promise<LiveRoom> {
  return applyRoomSettings(server, anchorId, input);
}

/** Live/setLiveList: the room's broadcasts that have ended, newest first, with their peak and income. */
export async function broadcastRecords(server: ServerContext, anchorId: number, input: InputOf<'liveSetLiveList'>): Promise<DataOf<'liveSetLiveList'>> {
  const room = await anchorRoomOf(server, anchorId);
  const page = input?.page ?? 1;
  const limit = input?.limit ?? 20;
  let query = server.database.db.selectFrom('live_records').where('room_id', '=', room.id).where('ended_at', 'is not', null);
  if (input?.start_time !== undefined) query = query.where('started_at', '>=', new Date(input.start_time * 1000));
  if (input?.end_time !== undefined) query = query.where('started_at', '<', new Date(input.end_time * 1000));
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'title', 'started_at', 'ended_at', 'peak_viewers', 'income'])
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    page,
    limit,
    list: rows.map((row) => ({
      id: row.id,
      title: row.title,
      start_time: timestampOf(row.started_at),
      end_time: timestampOf(row.ended_at!),
      duration: Math.max(0, timestampOf(row.ended_at!) - timestampOf(row.started_at)),
      peak_viewers: row.peak_viewers,
      income: Number(row.income),
    })),
  };
}
