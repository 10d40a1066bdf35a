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

/**
 * Where a thread of comments lives: a circle post's or a news article's. Both tables have the same
 * columns but for the one naming what is commented on, so one piece of code serves both; the query
 * builder is told the circle table's names, and the SQL it writes uses the thread's own.
 */
export interface CommentThread {
  table: 'circle_comments' | 'headline_comments';
  /** The column naming what is commented on. */
  owner: 'post_id' | 'headline_id';
  /** What a like of one of its comments is counted as. */
  like: 'circle_comment' | 'headline_comment';
  /** The thing commented on exists and is shown: a live post, a published article. */
  exists: (server: ServerContext, id: number) => Promise<boolean>;
  missing: string;
}

export const circleThread: CommentThread = {
  table: 'circle_comments',
  owner: 'post_id',
  like: 'circle_comment',
  exists: async (server, id) =>
    (await server.database.db.selectFrom('circle_posts').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined,
  missing: postMessages.postMissing,
};

/** The thread's table and columns spelt as the circle table's, for the query builder's types. */
function named(thread: CommentThread) {
  const table = thread.table as 'circle_comments';
  const column = <C extends string>(name: C) => `${thread.table}.${name}` as `circle_comments.${C}`;
  return { table, column, owner: thread.owner as 'post_id', ownerColumn: column(thread.owner as 'post_id') };
}

async function commentViews(server: ServerContext, thread: CommentThread, ids: readonly number[], viewerId: number | null): Promise<Map<number, CommentView>> {
  const out = new Map<number, CommentView>();
  if (ids.length === 0) return out;
  const { db } = server.database;
  const { table, column, ownerColumn } = named(thread);
  const [rows, likes, liked, replies] = await Promise.all([
    db
      .selectFrom(table)
      .innerJoin('users', 'users.id', column('user_id'))
      .leftJoin('users as replied', 'replied.id', column('reply_to_user_id'))
      .select([
        column('id'),
        `${ownerColumn} as post_id`,
        column('parent_id'),
        column('content'),
        column('created_at'),
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
      .where(column('id'), 'in', [...ids])
      .execute(),
    db
      .selectFrom('likes')
      .select(['target_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('target_type', '=', thread.like)
      .where('target_id', 'in', [...ids])
      .groupBy('target_id')
      .execute(),
    viewerId === null
      ? Promise.resolve([])
      : db.selectFrom('likes').select('target_id').where('user_id', '=', viewerId).where('target_type', '=', thread.like).where('target_id', 'in', [...ids]).execute(),
    db
      .selectFrom(table)
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

/** What a comment is sent with, on any thread: the thing commented on, the words, the comment replied to. */
export interface CommentInput {
  owner_id: number;
  content: string;
  parent_id?: number | undefined;
}

/** A comment on a thread, or a reply to one of its comments (a reply to a reply hangs under the same top-level comment). */
export async function addThreadComment(server: ServerContext, thread: CommentThread, input: CommentInput, authorId: number): Promise<CommentView> {
  await refuseSiteMuted(server, authorId);
  const { db } = server.database;
  const { table, owner } = named(thread);
  if (!(await thread.exists(server, input.owner_id))) throw new DomainError(thread.missing);
  let parentId: number | null = null;
  let replyTo: number | null = null;
  if (input.parent_id !== undefined) {
    const parent = await db
      .selectFrom(table)
      .select(['id', 'parent_id', 'user_id'])
      .where('id', '=', input.parent_id)
      .where(owner, '=', input.owner_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!parent) throw new DomainError(commentMessages.commentMissing);
    parentId = parent.parent_id ?? parent.id;
    replyTo = parent.user_id;
  }
  const row = await db
    .insertInto(table)
    .values({ [owner]: input.owner_id, user_id: authorId, parent_id: parentId, reply_to_user_id: replyTo, content: input.content, created_at: server.clock.now() } as {
      post_id: number;
      user_id: number;
      parent_id: number | null;
      reply_to_user_id: number | null;
      content: string;
      created_at: Date;
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await commentViews(server, thread, [row.id], authorId)).get(row.id)!;
}

/** anchor_dynamics_user/comment. */
export function addComment(server: ServerContext, input: InputOf<'anchorDynamicsUserComment'>, authorId: number): Promise<CommentView> {
  return addThreadComment(server, circleThread, { owner_id: input.post_id, content: input.content, parent_id: input.parent_id }, authorId);
}

/** What a page of a thread's comments is asked with. */
export interface CommentPageInput {
  owner_id: number;
  parent_id?: number | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

/** Top-level comments newest first with their three newest replies, or one comment's replies oldest first. */
export async function threadCommentPage(
  server: ServerContext,
  thread: CommentThread,
  input: CommentPageInput,
  viewerId: number | null,
): Promise<DataOf<'anchorDynamicsCommentList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  const { table, owner } = named(thread);
  let query = db.selectFrom(table).where(owner, '=', input.owner_id).where('deleted_at', 'is', null);
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
              .selectFrom(table)
              .select(['id', 'parent_id', (inner) => inner.fn.agg<number>('row_number').over((over) => over.partitionBy('parent_id').orderBy('created_at', 'desc').orderBy('id', 'desc')).as('n')])
              .where('parent_id', 'in', ids)
              .where('deleted_at', 'is', null)
              .as('ranked'),
          )
          .select(['id', 'parent_id'])
          .where('n', '<=', repliesShown)
          .execute()
      : [];
  const views = await commentViews(server, thread, [...ids, ...replyIds.map((row) => row.id)], viewerId);
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

/** anchor_dynamics/commentList. */
export function commentPage(server: ServerContext, input: InputOf<'anchorDynamicsCommentList'>, viewerId: number | null): Promise<DataOf<'anchorDynamicsCommentList'>> {
  return threadCommentPage(server, circleThread, { owner_id: input.post_id, parent_id: input.parent_id, page: input.page, limit: input.limit }, viewerId);
}
