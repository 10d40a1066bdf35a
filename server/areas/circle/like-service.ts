import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { circleThread, commentMessages, type CommentThread } from './comment-service.ts';
import { postMessages } from './post-service.ts';

type LikeState = DataOf<'anchorDynamicsUserLikes'>;
type Target = 'circle_post' | CommentThread['like'];

/** Likes or unlikes a target for the user; repeating either changes nothing. Answers the state after. */
async function setLike(server: ServerContext, userId: number, target: Target, targetId: number, like: boolean): Promise<LikeState> {
  const { db } = server.database;
  if (like) {
    await db
      .insertInto('likes')
      .values({ user_id: userId, target_type: target, target_id: targetId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('likes').where('user_id', '=', userId).where('target_type', '=', target).where('target_id', '=', targetId).execute();
  }
  const count = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('target_type', '=', target)
    .where('target_id', '=', targetId)
    .executeTakeFirstOrThrow();
  return { is_like: like ? 1 : 0, like_count: Number(count.n) };
}

/** anchor_dynamics_user/likes. */
export async function likePost(server: ServerContext, input: InputOf<'anchorDynamicsUserLikes'>, userId: number): Promise<LikeState> {
  const post = await server.database.db.selectFrom('circle_posts').select('id').where('id', '=', input.post_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!post) throw new DomainError(postMessages.postMissing);
  return setLike(server, userId, 'circle_post', post.id, input.is_like === 1);
}

/** Likes or unlikes a comment of a thread whose comment and commented thing are both still shown. */
export async function likeThreadComment(server: ServerContext, thread: CommentThread, commentId: number, like: boolean, userId: number): Promise<LikeState> {
  const comment = await server.database.db
    .selectFrom(thread.table as 'circle_comments')
    .select(['id', `${thread.owner} as owner_id` as 'post_id as owner_id'])
    .where('id', '=', commentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!comment || !(await thread.exists(server, comment.owner_id))) throw new DomainError(commentMessages.commentMissing);
  return setLike(server, userId, thread.like, comment.id, like);
}

/** anchor_dynamics_user/commentLikes. */
export function likeComment(server: ServerContext, input: InputOf<'anchorDynamicsUserCommentLikes'>, userId: number): Promise<LikeState> {
  return likeThreadComment(server, circleThread, input.comment_id, input.is_like === 1, userId);
}
