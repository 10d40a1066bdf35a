import type { DataOf } from '../../contract/operation-types.ts';
import { translate, type Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { cachedRooms, liveRooms, type RoomRow } from './room-list-service.ts';

/** Categories change only by an admin; the directory asks for them on every visit. */
const categoriesTtlMs = 60_000;
/** Rooms in one home block. */
const bucketSize = 8;

/** The titles of the home page's room blocks (Live/getBucketRoomList). */
export const bucketTitleMessages = {
  recommended: 'Recommended live',
  football: 'Football live',
  basketball: 'Basketball live',
  esports: 'Esports live',
} as const;

/** Live/getRoomList: the categories of a type (0 all), in their order. */
export function liveCategories(server: ServerContext, type: number): Promise<DataOf<'liveGetRoomList'>> {
  return server.cache.get(`live_categories:${type}`, categoriesTtlMs, async () => {
    let query = server.database.db.selectFrom('live_categories').select(['id', 'name', 'name_en', 'type']);
    if (type !== 0) query = query.where('type', '=', type as 1 | 2 | 3);
    return query.orderBy('sort').orderBy('id').execute();
  });
}

/**
 * Live/getBucketRoomList: the home page's blocks. Recommended rooms first, then one block per sport,
 * each on air first and by heat (the room lists' order); a block with no room is left out.
 */
export async function roomBuckets(server: ServerContext, viewerId: number | null, language: Language): Promise<DataOf<'liveGetBucketRoomList'>> {
  const all = await cachedRooms(server, 0);
  const blocks: Array<{ id: number; title: string; type: 0 | 1 | 2 | 3; rows: RoomRow[] }> = [
    { id: 1, title: bucketTitleMessages.recommended, type: 0, rows: all.filter((row) => row.is_recommended && row.status === 'in_progress') },
    { id: 2, title: bucketTitleMessages.football, type: 1, rows: all.filter((row) => row.type === 1) },
    { id: 3, title: bucketTitleMessages.basketball, type: 2, rows: all.filter((row) => row.type === 2) },
    { id: 4, title: bucketTitleMessages.esports, type: 3, rows: all.filter((row) => row.type === 3) },
  ];
  const shown = blocks.map((block) => ({ ...block, rows: block.rows.slice(0, bucketSize) })).filter((block) => block.rows.length > 0);
  const rooms = await liveRooms(
    server,
    shown.flatMap((block) => block.rows),
    viewerId,
  );
  const byId = new Map(rooms.map((room) => [room.id, room]));
  return shown.map((block) => ({
    id: block.id,
    title: translate(block.title, language),
    type: block.type,
    rooms: block.rows.map((row) => byId.get(row.id)!),
  }));
}
