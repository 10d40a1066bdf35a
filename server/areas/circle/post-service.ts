import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { SessionUser } from '../../ports/session-resolver.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { readPostForm } from './post-form.ts';
import { newestFirst, postViews, type CirclePostView } from './post-view.ts';
import { refuseSiteMuted } from '../account/account-public.ts';

export const postMessages = {
  circleMissing: 'There is no such circle',
  postMissing: 'There is no such post',
  notYours: 'Only the author can delete this post',
} as const;

/** anchor_dynamics_user/insert: a post with its photos or its video, in one transaction with its media rows. */
export async function publishPost(server: ServerContext, request: FastifyRequest, authorId: number, language: Language): Promise<CirclePostView> {
  // Refused before the form is read, so a muted user's photos or video are never stored.
  await refuseSiteMuted(server, authorId);
  const form = await readPostForm(server, request);
  const { db } = server.database;
  const now = server.clock.now();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const circle = await trx.selectFrom('circles').select('id').where('id', '=', form.fields.circle_id).executeTakeFirst();
      if (!circle) throw new DomainError(postMessages.circleMissing);
      const kind = form.media.some((item) => item.kind === 'video') ? 'video' : form.media.length > 0 ? 'images' : 'text';
      const post = await trx
        .insertInto('circle_posts')
        .values({ circle_id: circle.id, user_id: authorId, kind, content: form.fields.content, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (form.media.length > 0) {
        let photo = 0;
        await trx
          .insertInto('circle_post_media')
          .values(
            form.media.map((item) => ({
              post_id: post.id,
              kind: item.kind,
              path: item.path,
              width: item.file.size?.width ?? null,
              height: item.file.size?.height ?? null,
              sort: item.kind === 'image' ? photo++ : 0,
            })),
          )
          .execute();
        await trx
          .insertInto('uploads')
          .values(
            form.media.map((item) => ({
              owner_id: authorId,
              path: item.path,
              purpose: item.kind === 'video' ? ('circle_video' as const) : ('circle_image' as const),
              content_type: item.file.type,
              bytes: item.file.bytes,
              sha256: item.file.sha256,
              width: item.file.size?.width ?? null,
              height: item.file.size?.height ?? null,
              created_at: now,
            })),
          )
          .execute();
      }
      return post.id;
    });
    return (await postViews(server, [id], authorId, language))[0]!;
  } catch (error) {
    await form.discard();
    throw error;
  }
}

/** anchor_dynamics/info: one post, public. */
export async function postInfo(
  server: ServerContext,
  input: InputOf<'anchorDynamicsInfo'>,
  viewerId: number | null,
  language: Language,
): Promise<CirclePostView> {
  const [post] = await postViews(server, [input.id], viewerId, language);
  if (!post) throw new DomainError(postMessages.postMissing);
  return post;
}

/** anchor_dynamics/deletePost: by its author, or by an admin; the post is hidden and its likes go with it. */
export async function deletePost(server: ServerContext, input: InputOf<'anchorDynamicsDeletePost'>, user: SessionUser): Promise<null> {
  const { db } = server.database;
  await db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('circle_posts').select(['id', 'user_id']).where('id', '=', input.id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!post) throw new DomainError(postMessages.postMissing);
    if (post.user_id !== user.id && !user.roles.has('admin')) throw new DomainError(postMessages.notYours);
    await trx.updateTable('circle_posts').set({ deleted_at: server.clock.now() }).where('id', '=', post.id).execute();
    await trx.deleteFrom('likes').where('target_type', '=', 'circle_post').where('target_id', '=', post.id).execute();
  });
  return null;
}

/** How long a post competes in the hot order: after a week it is ranked among the rest by its age. */
const hotWindowMs = 7 * 24 * 60 * 60 * 1000;

/**
 * anchor_dynamics/userPostList: a page of posts of a user, a circle, both, or every circle; newest first, or
 * hot: the last week's posts by their likes and comments (a comment counts twice, as it took more to
 * write), then the rest newest first.
 */
export async function postPage(
  server: ServerContext,
  input: InputOf<'anchorDynamicsUserPostList'>,
  viewerId: number | null,
  language: Language,
): Promise<DataOf<'anchorDynamicsUserPostList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  let query = server.database.db.selectFrom('circle_posts').where('circle_posts.deleted_at', 'is', null);
  if (input.uid !== undefined) query = query.where('circle_posts.user_id', '=', input.uid);
  if (input.circle_id !== undefined) query = query.where('circle_posts.circle_id', '=', input.circle_id);
  const since = new Date(server.clock.now().getTime() - hotWindowMs);
  const heat = sql`case when circle_posts.created_at > ${since} then
      (select count(*) from likes where likes.target_type = 'circle_post' and likes.target_id = circle_posts.id)
      + 2 * (select count(*) from circle_comments where circle_comments.post_id = circle_posts.id and circle_comments.deleted_at is null)
    else -1 end desc`;
  const [rows, total] = await Promise.all([
    (input.order === 'hot' ? query.select('circle_posts.id').orderBy(heat).orderBy(newestFirst) : query.select('circle_posts.id').orderBy(newestFirst))
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = await postViews(
    server,
    rows.map((row) => row.id),
    viewerId,
    language,
  );
  return { total: Number(total.n), page, limit, list };
}
