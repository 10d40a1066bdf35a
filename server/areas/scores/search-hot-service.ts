import type { DataOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../server-context.ts';
import { rankHotMatches } from './match-list-service.ts';
import { toMatchBrief } from './match-view.ts';
import { liveRoomsByMatch } from './match-viewer.ts';
import { scoreBoardFor } from './score-board.ts';

/** openapi.yaml SearchHot: at most 10 words and 10 matches. */
const hotShown = 10;
/** Viewer counts move on their own (the live area); the words may lag this much. */
const keywordsTtlMs = 30_000;

/** The streamers on air with the most viewers, hottest first: what people come to the search box for. */
function hotStreamerNames(server: ServerContext): Promise<string[]> {
  return server.cache.get('scores:hot-streamers', keywordsTtlMs, async () => {
    const rows = await server.database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select(['users.user_nickname'])
      .where('live_rooms.status', '=', 'in_progress')
      .where('users.disabled_at', 'is', null)
      .orderBy('live_rooms.viewers', 'desc')
      .orderBy('live_rooms.id')
      .limit(hotShown * 2)
      .execute();
    return [...new Set(rows.map((row) => row.user_nickname))].slice(0, hotShown);
  });
}

/** universal/getHot: what the search box offers before anything is typed (SPEC §2, §9). */
export async function searchHot(server: ServerContext): Promise<DataOf<'universalGetHot'>> {
  const board = await scoreBoardFor(server).read();
  const [rooms, keywords] = await Promise.all([liveRoomsByMatch(server), hotStreamerNames(server)]);
  const matches = rankHotMatches(board, rooms, server.now().getTime()).slice(0, hotShown);
  return { keywords, matches: matches.map((match) => toMatchBrief(board, match)) };
}
