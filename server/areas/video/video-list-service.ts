import { sql } from 'kysely';
import type { DataOf, InputOf, SessionUser } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../server-context.ts';
import { hotScore, listed, pagingOf, selectVideos, toVideo, type Paging, type Video, type VideoPage } from './video-queries.ts';

export const videoListMessages = {
  notFound: 'This video does not exist or has been deleted',
} as const;

const periodMs = { day: 24 * 3600 * 1000, week: 7 * 24 * 3600 * 1000, month: 30 * 24 * 3600 * 1000 } as const;

type VideoQuery = ReturnType<typeof selectVideos>;

async function pageOf(query: VideoQuery, paging: Paging, language: Language, order: (query: VideoQuery) => VideoQuery): Promise<VideoPage> {
  const [rows, total] = await Promise.all([
    order(query)
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), ...paging, list: rows.map((row) => toVideo(row, language)) };
}

const newestFirst = (query: VideoQuery) => query.orderBy('videos.created_at', 'desc').orderBy('videos.id', 'desc');

/** Video/getList: approved videos of every category or one, newest or hottest first. */
export function videoList(server: ServerContext, viewerId: number | null, input: InputOf<'videoGetList'>, language: Language): Promise<VideoPage> {
  let query = selectVideos(server.database.db, viewerId).where(listed);
  if (input.category_id !== undefined) query = query.where('videos.category_id', '=', input.category_id);
  const now = server.clock.now();
  const order =
    (input.sort ?? 'new') === 'hot' ? (q: VideoQuery) => newestFirst(q.orderBy(hotScore(now), 'desc')) : newestFirst;
  return pageOf(query, pagingOf(input), language, order);
}

/** video/videoList: one category's approved videos, newest first. */
export function categoryVideos(server: ServerContext, viewerId: number | null, input: InputOf<'videoVideoList'>, language: Language): Promise<VideoPage> {
  const query = selectVideos(server.database.db, viewerId).where(listed).where('videos.category_id', '=', input.category_id);
  return pageOf(query, pagingOf(input), language, newestFirst);
}

/** Video/anchorWorks: one anchor's approved videos, newest first. */
export function anchorWorks(server: ServerContext, viewerId: number | null, input: InputOf<'videoAnchorWorks'>, language: Language): Promise<VideoPage> {
  const query = selectVideos(server.database.db, viewerId).where(listed).where('videos.user_id', '=', input.uid);
  return pageOf(query, pagingOf(input), language, newestFirst);
}

/**
 * Video/userPostList: with uid that user's approved videos; without it the viewer's own in every
 * review status (a guest is asked to log in by `me`).
 */
export function userPosts(
  server: ServerContext,
  user: SessionUser | null,
  me: () => SessionUser,
  input: InputOf<'videoUserPostList'>,
  language: Language,
): Promise<VideoPage> {
  const viewerId = user?.id ?? null;
  const own = input.uid === undefined || input.uid === viewerId;
  const authorId = input.uid ?? me().id;
  let query = selectVideos(server.database.db, viewerId).where('videos.user_id', '=', authorId);
  query = own ? query.where('videos.deleted_at', 'is', null) : query.where(listed);
  return pageOf(query, pagingOf(input), language, newestFirst);
}

/** My favourites, newest favourite first (the member centre's list). */
export function favoriteVideos(server: ServerContext, viewerId: number, paging: Paging, language: Language): Promise<VideoPage> {
  const query = selectVideos(server.database.db, viewerId)
    .innerJoin('video_favorites as mine', (join) => join.onRef('mine.video_id', '=', 'videos.id').on('mine.user_id', '=', viewerId))
    .where(listed);
  return pageOf(query, paging, language, (q) => q.orderBy(sql`mine.created_at`, 'desc').orderBy('videos.id', 'desc'));
}

/** videoRank/getRank: approved videos by the views counted in the last day, week or month. */
export async function videoRank(
  server: ServerContext,
  viewerId: number | null,
  input: InputOf<'videoRankGetRank'>,
  language: Language,
): Promise<DataOf<'videoRankGetRank'>> {
  const paging = pagingOf(input);
  const since = new Date(server.clock.now().getTime() - periodMs[input.period]);
  const db = server.database.db;
  const gained = db
    .selectFrom('video_views')
    .select(['video_views.video_id', (eb) => eb.fn.countAll<number>().as('period_views')])
    .where('video_views.hour', '>=', since)
    .groupBy('video_views.video_id');
  const ranked = selectVideos(db, viewerId)
    .innerJoin(gained.as('gained'), 'gained.video_id', 'videos.id')
    .select('gained.period_views')
    .where(listed);
  const [rows, total] = await Promise.all([
    ranked
      .orderBy('gained.period_views', 'desc')
      .orderBy('videos.views', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    db
      .selectFrom('videos')
      .innerJoin(gained.as('gained'), 'gained.video_id', 'videos.id')
      .select(sql<number>`count(*)`.as('n'))
      .where(listed)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    period: input.period,
    total: Number(total.n),
    ...paging,
    list: rows.map((row, index) => ({
      rank: (paging.page - 1) * paging.limit + index + 1,
      period_views: Number(row.period_views),
      video: toVideo(row, language),
    })),
  };
}

/**
 * One video as its page shows it: an approved one to everyone; one under review or refused only to
 * its author and to admins, who review it.
 */
export async function videoInfo(server: ServerContext, viewer: SessionUser | null, videoId: number, language: Language): Promise<Video> {
  const row = await selectVideos(server.database.db, viewer?.id ?? null)
    .where('videos.id', '=', videoId)
    .where('videos.deleted_at', 'is', null)
    .executeTakeFirst();
  const visible =
    row && (row.status === 'audit_successful' || (viewer && (Number(row.user_id) === viewer.id || viewer.roles.has('admin'))));
  if (!row || !visible) throw new DomainError(videoListMessages.notFound);
  return toVideo(row, language);
}
