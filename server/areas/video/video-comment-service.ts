import { sql, type Kysely } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { videoListMessages } from './video-list-service.ts';
import { listed, pagingOf } from './video-queries.ts';
import { videoReactionMessages } from './video-reaction-service.ts';
import { refuseSiteMuted } from '../account/account-public.ts';

type VideoComment = DataOf<'videoUserComment'>;
type VideoCommentPage = DataOf<'videoCommentList'>;

export const videoCommentMessages = {
  done: 'Operation successful',
  blank: 'Input error: content',
} as const;

function selectComments(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('video_comments')
    .innerJoin('users as author', 'author.id', 'video_comments.user_id')
    .leftJoin('users as answered', 'answered.id', 'video_comments.reply_to_user_id')
    .select((eb) => [
      'video_comments.id',
      'video_comments.video_id',
      'video_comments.parent_id',
      'video_comments.content',
      'video_comments.like_count',
      'video_comments.reply_count',
      'video_comments.created_at',
      'author.id as author_id',
      'author.user_nickname as author_nickname',
      'author.avatar as author_avatar',
      'author.exp_icon as author_exp_icon',
      'author.is_anchor as author_is_anchor',
      'answered.id as answered_id',
      'answered.user_nickname as answered_nickname',
      'answered.avatar as answered_avatar',
      'answered.exp_icon as answered_exp_icon',
      'answered.is_anchor as answered_is_anchor',
      viewerId === null
        ? sql<boolean>`false`.as('is_like')
        : eb
            .exists(
              eb
                .selectFrom('likes')
                .select('likes.user_id')
                .where('likes.user_id', '=', viewerId)
                .where('likes.target_type', '=', 'video_comment')
                .whereRef('likes.target_id', '=', 'video_comments.id'),
            )
            .as('is_like'),
    ])
    .where('video_comments.deleted_at', 'is', null);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['executeTakeFirstOrThrow']>>;

function toComment(row: CommentRow): VideoComment {
  return {
    id: Number(row.id),
    video_id: Number(row.video_id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    reply_to:
      row.answered_id === null
        ? null
        : {
            id: Number(row.answered_id),
            user_nickname: row.answered_nickname ?? '',
            avatar: row.answered_avatar ?? '',
            exp_icon: row.answered_exp_icon ?? '',
            is_anchor: row.answered_is_anchor ?? 0,
          },
    author: {
      id: Number(row.author_id),
      user_nickname: row.author_nickname,
      avatar: row.author_avatar,
      exp_icon: row.author_exp_icon,
      is_anchor: row.author_is_anchor,
    },
    content: row.content,
    like_count: row.like_count,
    is_like: row.is_like ? 1 : 0,
    reply_count: row.parent_id === null ? row.reply_count : 0,
    created_at: timestampOf(row.created_at),
  };
}

async function requireListedVideo(server: ServerContext, videoId: number) {
  const video = await server.database.db.selectFrom('videos').select('id').where('id', '=', videoId).where(listed).executeTakeFirst();
  if (!video) throw new DomainError(videoListMessages.notFound);
}

/** Video/commentList: a video's top-level comments, newest first, with their reply counts. */
export async function commentList(server: ServerContext, viewerId: number | null, input: InputOf<'videoCommentList'>): Promise<VideoCommentPage> {
  await requireListedVideo(server, input.video_id);
  const paging = pagingOf(input);
  const query = selectComments(server.database.db, viewerId)
    .where('video_comments.video_id', '=', input.video_id)
    .where('video_comments.parent_id', 'is', null);
  const [rows, total] = await Promise.all([
    query
      .orderBy('video_comments.created_at', 'desc')
      .orderBy('video_comments.id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), ...paging, list: rows.map(toComment) };
}

/** Video/commentOneList: the replies under one top-level comment, oldest first. */
export async function replyList(server: ServerContext, viewerId: number | null, input: InputOf<'videoCommentOneList'>): Promise<VideoCommentPage> {
  const paging = pagingOf(input);
  const parent = await server.database.db
    .selectFrom('video_comments')
    .innerJoin('videos', 'videos.id', 'video_comments.video_id')
    .select('video_comments.id')
    .where('video_comments.id', '=', input.comment_id)
    .where('video_comments.parent_id', 'is', null)
    .where('video_comments.deleted_at', 'is', null)
    .where(listed)
    .executeTakeFirst();
  if (!parent) throw new DomainError(videoReactionMessages.commentNotFound);
  const query = selectComments(server.database.db, viewerId).where('video_comments.parent_id', '=', input.comment_id);
  const [rows, total] = await Promise.all([
    query
      .orderBy('video_comments.created_at')
      .orderBy('video_comments.id')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), ...paging, list: rows.map(toComment) };
}

/**
 * Video_user/comment: a top-level comment, or a reply. Replies stay one level deep under the
 * top-level comment; a reply to a reply names that reply's author.
 */
export async function addComment(
  server: ServerContext,
  userId: number,
  input: InputOf<'videoUserComment'>,
  say: (message: string) => void,
): Promise<VideoComment> {
  const content = input.content.trim();
  if (content === '') throw new DomainError(videoCommentMessages.blank);
  await refuseSiteMuted(server, userId);
  await requireListedVideo(server, input.video_id);
  const db = server.database.db;
  let parentId: number | null = null;
  let replyTo: number | null = null;
  if (input.parent_id !== undefined) {
    const answered = await db
      .selectFrom('video_comments')
      .select(['id', 'parent_id', 'user_id'])
      .where('id', '=', input.parent_id)
      .where('video_id', '=', input.video_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!answered) throw new DomainError(videoReactionMessages.commentNotFound);
    parentId = answered.parent_id === null ? Number(answered.id) : Number(answered.parent_id);
    replyTo = answered.parent_id === null ? null : Number(answered.user_id);
  }
  const inserted = await db
    .insertInto('video_comments')
    .values({
      video_id: input.video_id,
      user_id: userId,
      parent_id: parentId,
      reply_to_user_id: replyTo,
      content,
      created_at: server.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await selectComments(db, userId).where('video_comments.id', '=', Number(inserted.id)).executeTakeFirstOrThrow();
  say(videoCommentMessages.done);
  return toComment(row);
}
