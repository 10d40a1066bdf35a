import type { DataOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { removeMemberFromGroup } from '../../realtime/messaging-hub.ts';

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

export interface Kickout {
  roomId: number;
  userId: number;
  byUserId: number | null;
  /** Seconds the user stays out (live/liveKickout: 60 to 30 days). */
  durationSeconds: number;
  reason?: string;
}

/**
 * Kicks a user out of a room until now + duration (a second kick-out replaces the first), and pushes the live
 * kick-out to their open pages on the site socket, which leave for /anchor?type=0 (SPEC §4). Their sockets already
 * in the room's chat are taken out of it on every process; the room's chat refuses their joins and messages
 * meanwhile (room-chat-service.ts). Who may kick is the caller's rule
 * (live/liveKickout: the room's managers).
 */
export async function kickOut(server: ServerContext, kickout: Kickout): Promise<{ until: number }> {
  const now = server.clock.now();
  const until = new Date(now.getTime() + kickout.durationSeconds * 1000);
  await server.database.db
    .insertInto('live_kickouts')
    .values({
      room_id: kickout.roomId,
      user_id: kickout.userId,
      by_user_id: kickout.byUserId,
      until,
      reason: kickout.reason ?? '',
      created_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['room_id', 'user_id']).doUpdateSet({ until, reason: kickout.reason ?? '', by_user_id: kickout.byUserId, created_at: now }),
    )
    .execute();
  await server.siteSocket.pushToUser(kickout.userId, { code: 300, type: 'live_kickout', room_id: kickout.roomId });
  await removeMemberFromGroup(server.bus, String(kickout.userId), `live${String(kickout.roomId)}`);
  return { until: Math.floor(until.getTime() / 1000) };
}
