import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { recordTaskProgress } from '../tasks/tasks-public.ts';
import { timestampOf } from '../../contract/timestamp.ts';

type FollowState = DataOf<'memberAttention'>;
type FollowedUserPage = DataOf<'userAttentionList'>;

export const followMessages = {
  self: 'You cannot follow yourself',
  notFound: 'User not found',
} as const;

async function fanCount(server: ServerContext, userId: number): Promise<number> {
  const row = await server.database.db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Member/attention: follows (`follow`) or unfollows a user. Following twice or unfollowing a user
 * not followed changes nothing; a new follow of an anchor counts for the task centre's follow_anchor task.
 */
export async function setFollow(server: ServerContext, userId: number, targetId: number, follow: boolean): Promise<FollowState> {
  if (targetId === userId) throw new DomainError(followMessages.self);
  const { db } = server.database;
  const target = await db
    .selectFrom('users')
    .select(['id', 'is_anchor'])
    .where('id', '=', targetId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!target) throw new DomainError(followMessages.notFound);
  if (follow) {
    const inserted = await db
      .insertInto('follows')
      .values({ user_id: userId, target_id: targetId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'target_id']).doNothing())
      .returning('target_id')
      .executeTakeFirst();
    if (inserted && target.is_anchor === 1) await recordTaskProgress(server, userId, 'follow_anchor');
  } else {
    await db.deleteFrom('follows').where('user_id', '=', userId).where('target_id', '=', targetId).execute();
  }
  return { uid: targetId, is_followed: follow ? 1 : 0, fan_count: await fanCount(server, targetId) };
}

/**
 * The users `userId` follows, a page at a time: anchors on air first (User/attentionList, SPEC §2
 * /persona), then rooms about to start, then by the time of the follow, newest first.
 */
export async function followedUsers(server: ServerContext, userId: number, page = 1, limit = 20): Promise<FollowedUserPage> {
  const { db } = server.database;
  const base = db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.target_id')
    .where('follows.user_id', '=', userId)
    .where('users.disabled_at', 'is', null);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
      .select((eb) => [
        'users.id',
        'users.user_nickname',
        'users.avatar',
        'users.exp_icon',
        'users.is_anchor',
        'users.signature',
        'live_rooms.id as room_id',
        'live_rooms.status as live_status',
        'follows.created_at as followed_at',
        eb.selectFrom('follows as fans').select(eb.fn.countAll<number>().as('n')).whereRef('fans.target_id', '=', 'users.id').as('fan_count'),
        eb
          .case()
          .when('live_rooms.status', '=', 'in_progress')
          .then(0)
          .when('live_rooms.status', '=', 'not_started')
          .then(1)
          .else(2)
          .end()
          .as('live_order'),
      ])
      .orderBy('live_order')
      .orderBy('follows.created_at', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    page,
    limit,
    list: rows.map((row) => ({
      id: row.id,
      user_nickname: row.user_nickname,
      avatar: row.avatar,
      exp_icon: row.exp_icon,
      is_anchor: row.is_anchor,
      signature: row.signature,
      fan_count: Number(row.fan_count ?? 0),
      room_id: row.room_id ?? null,
      live_status: row.live_status ?? null,
      followed_at: timestampOf(row.followed_at),
    })),
  };
}

/** User/watchlistList: another user's follows; a missing user is an error, not an empty list. */
export async function watchlist(server: ServerContext, userId: number, page?: number, limit?: number): Promise<FollowedUserPage> {
  const user = await server.database.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw new DomainError(followMessages.notFound);
  return followedUsers(server, userId, page, limit);
}
