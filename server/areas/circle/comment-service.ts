import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { postMessages } from './post-service.ts';
import { refuseSiteMuted } from '../account/account-public.ts';

type CommentView = DataOf<'anchorDynamicsUserComment'>;

export const commentMessages = {
  commentMissing: 'There is no such comment',
} as const;

/** Replies shown under a top-level comment in a page of comments (openapi.yaml CircleComment). */
const repliesShown = 3;

async function commentViews(server: ServerContext, ids: readonly number[], viewerId: number | null): Promise<Map<number, CommentView>> {
  const out = new Map<number, CommentView>();
  if (ids.length === 0) return out;
  const { db } = server.database;
  const [rows, likes, liked, replies] = await Promise.all([
    db
      .selectFrom('circle_comments')
      .innerJoin('users', 'users.id', 'circle_comments.user_id')
      .leftJoin('users as replied', 'replied.id', 'circle_comments.reply_to_user_id')
      .select([
        'circle_comments.id',
        'circle_comments.post_id',
        'circle_comments.parent_id',
        'circle_comments.content',
        'circle_comments.created_at',
        'users.id as user_id',
        'users.user_nickname',
        'users.avatar',
        'users.exp_icon',
        'users.is_anchor',
        'replied.id as replied_id',
        'replied.user_nickname as replied_nickname',
        'replied.avatar as replied_avatar',
        'replied.exp_icon as replied_exp_icon',
        'replied.is_anchor as replied_is_anchor',
      ])
      .where('circle_comments.id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('likes')
      .select(['target_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('target_type', '=', 'circle_comment')
      .where('target_id', 'in', [...ids])
      .groupBy('target_id')
      .execute(),
    viewerId === null
      ? Promise.resolve([])
      : db.selectFrom('likes').select('target_id').where('user_id', '=', viewerId).where('target_type', '=', 'circle_comment').where('target_id', 'in', [...ids]).execute(),
    db
      .selectFrom('circle_comments')
      .select(['parent_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('parent_id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .groupBy('parent_id')
      .execute(),
  ]);
  const likeCount = new Map(likes.map((row) => [row.target_id, Number(row.n)]));
  const likedByViewer = new Set(liked.map((row) => row.target_id));
  const replyCount = new Map(replies.map((row) => [row.parent_id, Number(row.n)]));
  for (const row of rows) {
    out.set(row.id, {
      id: row.id,
      post_id: row.post_id,
      ...(row.parent_id === null ? {} : { parent_id: row.parent_id }),
      user: { id: row.user_id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor },
      ...(row.replied_id === null || row.parent_id === null
        ? {}
        : {
            reply_to: {
              id: row.replied_id,
              user_nickname: row.replied_nickname ?? '',
              avatar: row.replied_avatar ?? '',
              exp_icon: row.replied_exp_icon ?? '',
              is_anchor: row.replied_is_anchor ?? 0,
            },
          }),
      content: row.content,
      like_count: likeCount.get(row.id) ?? 0,
      is_like: likedByViewer.has(row.id) ? 1 : 0,
      reply_count: row.parent_id === null ? (replyCount.get(row.id) ?? 0) : 0,
      replies: [],
      create_time: timestampOf(row.created_at),
    });
  }
  return out;
}

/** anchor_dynamics_user/comment: a comment on a live post, or a reply to one of its comments (a reply to a reply hangs under the same top-level comment). */
export async function addComment(server: ServerContext, input: InputOf<'anchorDynamicsUserComment'>, authorId: number): Promise<CommentView> {
  await refuseSiteMuted(server, authorId);
  const { db } = server.database;
  const post = await db.selectFrom('circle_posts').select('id').where('id', '=', input.post_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!post) throw new DomainError(postMessages.postMissing);
  let parentId: number | null = null;
  let replyTo: number | null = null;
  if (input.parent_id !== undefined) {
    const parent = await db
      .selectFrom('circle_comments')
      .select(['id', 'parent_id', 'user_id'])
      .where('id', '=', input.parent_id)
      .where('post_id', '=', post.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!parent) throw new DomainError(commentMessages.commentMissing);
    parentId = parent.parent_id ?? parent.id;
    replyTo = parent.user_id;
  }
  const row = await db
    .insertInto('circle_comments')
    .values({ post_id: post.id, user_id: authorId, parent_id: parentId, reply_to_user_id: replyTo, content: input.content, created_at: server.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await commentViews(server, [row.id], authorId)).get(row.id)!;
}

/** anchor_dynamics/commentList: top-level comments newest first with their three newest replies, or one comment's replies oldest first. */
export async function commentPage(server: ServerContext, input: InputOf<'anchorDynamicsCommentList'>, viewerId: number | null): Promise<DataOf<'anchorDynamicsCommentList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  let query = db.selectFrom('circle_comments').where('post_id', '=', input.post_id).where('deleted_at', 'is', null);
  query = input.parent_id === undefined ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', input.parent_id);
  const [rows, total] = await Promise.all([
    query
      .select('id')
      .orderBy('created_at', input.parent_id === undefined ? 'desc' : 'asc')
      .orderBy('id', input.parent_id === undefined ? 'desc' : 'asc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((row) => row.id);
  const replyIds =
    input.parent_id === undefined && ids.length > 0
      ? await db
          .selectFrom((eb) =>
            eb
              .selectFrom('circle_comments')
              .select(['id', 'parent_id', (inner) => inner.fn.agg<number>('row_number').over((over) => over.partitionBy('parent_id').orderBy('created_at', 'desc').orderBy('id', 'desc')).as('n')])
              .where('parent_id', 'in', ids)
              .where('deleted_at', 'is', null)
              .as('ranked'),
          )
          .select(['id', 'parent_id'])
          .where('n', '<=', repliesShown)
          .execute()
      : [];
  const views = await commentViews(server, [...ids, ...replyIds.map((row) => row.id)], viewerId);
  const list = ids.map((id) => {
    const view = views.get(id)!;
    const replies = replyIds
      .filter((reply) => reply.parent_id === id)
      .map((reply) => views.get(reply.id)!)
      .sort((a, b) => b.create_time - a.create_time || b.id - a.id);
    return { ...view, replies };
  });
  return { total: Number(total.n), page, limit, list };
}
