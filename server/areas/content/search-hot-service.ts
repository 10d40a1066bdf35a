import type { DataOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { rankHotMatches } from '../scores/scores-public.ts';
import { toMatchBrief } from '../scores/scores-public.ts';
import { liveRoomsByMatch, roomsOnAir } from '../scores/scores-public.ts';

/** openapi.yaml SearchHot: at most 10 words and 10 matches. */
const hotShown = 10;

/** universal/getHot: what the search box offers before anything is typed (SPEC §2, §9). */
export async function searchHot(server: ServerContext): Promise<DataOf<'universalGetHot'>> {
  const board = await server.scoreBoard.read();
  // The words: the streamers on air with the most viewers, what people come to the search box for.
  const streamers = [...new Set((await roomsOnAir(server)).map((room) => room.anchor.user_nickname))];
  const matches = rankHotMatches(board, await liveRoomsByMatch(server), server.clock.now().getTime()).slice(0, hotShown);
  return { keywords: streamers.slice(0, hotShown), matches: matches.map((match) => toMatchBrief(board, match)) };
}
