import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { collectsKey } from './match-viewer.ts';
import { scoresMessages } from './scores-messages.ts';

/** Adds a match to the viewer's collected matches or takes it out; doing what is already so changes nothing. */
export async function setCollect(
  server: ServerContext,
  userId: number,
  input: InputOf<'basketballuserCollect'>,
): Promise<DataOf<'basketballuserCollect'>> {
  const { db } = server.database;
  const board = await server.scoreBoard.read();
  if (!board.matches.has(input.match_id)) {
    const known = await db.selectFrom('matches').select('id').where('id', '=', input.match_id).executeTakeFirst();
    if (!known) throw new DomainError(scoresMessages.matchNotFound);
  }
  if (input.collect === 1) {
    await db
      .insertInto('match_collects')
      .values({ user_id: userId, match_id: input.match_id })
      .onConflict((conflict) => conflict.columns(['user_id', 'match_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('match_collects').where('user_id', '=', userId).where('match_id', '=', input.match_id).execute();
  }
  server.cache.invalidate(collectsKey(userId));
  return { match_id: input.match_id, is_collect: input.collect };
}
