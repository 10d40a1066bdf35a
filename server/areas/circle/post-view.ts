import { sql } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';

export type CirclePostView = DataOf<'anchorDynamicsInfo'>;

/** Posts as the contract writes them, in the order of `ids`: author, circle, media, counts and the viewer's like. */
export async function postViews(server: ServerContext, ids: readonly number[], viewerId: number | null, language: Language = 'zh'): Promise<CirclePostView[]> {
  if (ids.length === 0) return [];
  const { db } = server.database;
  const [rows, media, likes, comments, liked] = await Promise.all([
    db
      .selectFrom('circle_posts')
      .innerJoin('users', 'users.id', 'circle_posts.user_id')
      .innerJoin('circles', 'circles.id', 'circle_posts.circle_id')
      .select([
        'circle_posts.id',
        'circle_posts.content',
        'circle_posts.created_at',
        'users.id as user_id',
        'users.user_nickname',
        'users.avatar',
        'users.exp_icon',
        'users.is_anchor',
        'circles.id as circle_id',
        circleNameIn(language).as('circle_name'),
        'circles.icon as circle_icon',
      ])
      .where('circle_posts.id', 'in', [...ids])
      .where('circle_posts.deleted_at', 'is', null)
      .execute(),
    db.selectFrom('circle_post_media').select(['post_id', 'kind', 'path', 'sort']).where('post_id', 'in', [...ids]).orderBy('sort').execute(),
    db
      .selectFrom('likes')
      .select(['target_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('target_type', '=', 'circle_post')
      .where('target_id', 'in', [...ids])
      .groupBy('target_id')
      .execute(),
    db
      .selectFrom('circle_comments')
      .select(['post_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('post_id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .groupBy('post_id')
      .execute(),
    viewerId === null
      ? Promise.resolve([])
      : db
          .selectFrom('likes')
          .select('target_id')
          .where('user_id', '=', viewerId)
          .where('target_type', '=', 'circle_post')
          .where('target_id', 'in', [...ids])
          .execute(),
  ]);
  const likeCount = new Map(likes.map((row) => [row.target_id, Number(row.n)]));
  const commentCount = new Map(comments.map((row) => [row.post_id, Number(row.n)]));
  const likedByViewer = new Set(liked.map((row) => row.target_id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = media.filter((item) => item.post_id === id);
    const video = own.find((item) => item.kind === 'video');
    const cover = own.find((item) => item.kind === 'video_cover');
    return [
      {
        id: row.id,
        author: { id: row.user_id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor },
        circle: { id: row.circle_id, name: row.circle_name, icon: row.circle_icon },
        content: row.content,
        images: own.filter((item) => item.kind === 'image').map((item) => item.path),
        ...(video && cover ? { video: { url: video.path, cover: cover.path } } : {}),
        like_count: likeCount.get(id) ?? 0,
        comment_count: commentCount.get(id) ?? 0,
        is_like: likedByViewer.has(id) ? 1 : 0,
        create_time: timestampOf(row.created_at),
      },
    ];
  });
}

/** The newest-first order of posts, ties broken by id, as every list of posts reads them. */
export const newestFirst = sql`circle_posts.created_at desc, circle_posts.id desc`;

/** A circle's name in the reader's language: Chinese, English, or Vietnamese falling back to English. */
export function circleNameIn(language: Language) {
  return language === 'zh'
    ? sql<string>`circles.name`
    : language === 'en'
      ? sql<string>`circles.name_en`
      : sql<string>`coalesce(nullif(circles.name_vi, ''), circles.name_en)`;
}
