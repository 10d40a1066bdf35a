import type { DataOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../server-context.ts';

/** The rooms the viewer is kicked out of right now (loaded at start-up, SPEC §4); none for guests. */
export async function kickoutList(server: ServerContext, userId: number | null): Promise<DataOf<'liveLiveKickoutList'>> {
  if (userId === null) return [];
  const rows = await server.database.db
    .selectFrom('live_kickouts')
    .select(['room_id', 'user_id', 'until', 'reason'])
    .where('user_id', '=', userId)
    .where('until', '>', server.clock.now())
    .orderBy('until', 'desc')
    .execute();
  return rows.map((row) => ({
    room_id: row.room_id,
    uid: row.user_id,
    until: Math.floor(row.until.getTime() / 1000),
    reason: row.reason,
  }));
}
