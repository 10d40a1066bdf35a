import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { SessionUser } from '../../ports/session-resolver.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { hotScore, listed, pagingOf, selectVideos, toVideo, type Paging, type Video, type VideoPage } from './video-queries.ts';
import { chaptersOf } from './video-chapters-service.ts';

export const videoListMessages = {
  notFound: 'This video does not exist or has been deleted',
} as const;

const periodMs = { day: 24 * 3600 * 1000, week: 7 * 24 * 3600 * 1000, month: 30 * 24 * 3600 * 1000 } as const;

type VideoQuery = ReturnType<typeof selectVideos>;
type VideoFilter = (eb: ExpressionBuilder<Database, 'videos'>) => Expression<SqlBool>;

/** How long the hot order of a list is kept: interest decays over hours, so a minute-old order is as good. */
const hotOrderTtlMs = 60_000;

/**
 * One page of the videos `filter` admits, drawn with their category and author; the total is counted
 * over the videos table alone, with no joins.
 */
async function pageOf(
  server: ServerContext,
  viewerId: number | null,
  filter: VideoFilter,
  paging: Paging,
  language: Language,
  order: (query: VideoQuery) => VideoQuery,
  /** Where the public lists keep their total a few seconds: every page of them would count thousands of rows again. */
  totalKey?: string,
): Promise<VideoPage> {
  const db = server.database.db;
  const count = () =>
    db
      .selectFrom('videos')
      .where(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [rows, total] = await Promise.all([
    order(selectVideos(db, viewerId).where(filter))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    totalKey ? server.cache.get(`${videoCachePrefix}total:${totalKey}`, totalTtlMs, count) : count(),
  ]);
  return { total, ...paging, list: rows.map((row) => toVideo(row, language)) };
}

/** The prefix of every cached video list fact, forgotten when a listed video goes. */
export const videoCachePrefix = 'video:';
const totalTtlMs = 10_000;

const newestFirst = (query: VideoQuery) => query.orderBy('videos.created_at', 'desc').orderBy('videos.id', 'desc');

/**
 * The hot order of a list, as ids, hottest first: the score is computed over every listed video, so it is
 * worked out once a minute per category and pages are cut from it.
 */
function hotOrder(server: ServerContext, categoryId: number | undefined): Promise<number[]> {
  return server.cache.get(`${videoCachePrefix}hot:${categoryId ?? 'all'}`, hotOrderTtlMs, async () => {
    let query = server.database.db.selectFrom('videos').select('videos.id').where(listed);
    if (categoryId !== undefined) query = query.where('videos.category_id', '=', categoryId);
    const rows = await query.orderBy(hotScore(server.clock.now()), 'desc').orderBy('videos.created_at', 'desc').orderBy('videos.id', 'desc').execute();
    return rows.map((row) => Number(row.id));
  });
}

/** Video/getList: approved videos of every category or one, newest or hottest first. */
export async function videoList(server: ServerContext, viewerId: number | null, input: InputOf<'videoGetList'>, language: Language): Promise<VideoPage> {
  const paging = pagingOf(input);
  const category = input.category_id;
  if ((input.sort ?? 'new') === 'new') {
    const filter: VideoFilter = (eb) => (category === undefined ? listed(eb) : eb.and([listed(eb), eb('videos.category_id', '=', category)]));
    return pageOf(server, viewerId, filter, paging, language, newestFirst, `list:${category ?? 'all'}`);
  }
  const order = await hotOrder(server, category);
  const ids = order.slice((paging.page - 1) * paging.limit, paging.page * paging.limit);
  // A video deleted or refused since the order was worked out drops out of its page.
  const rows = ids.length ? await selectVideos(server.database.db, viewerId).where(listed).where('videos.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const list = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toVideo(row, language)] : [];
  });
  return { total: order.length, ...paging, list };
}

/** video/videoList: one category's approved videos, newest first. */
export function categoryVideos(server: ServerContext, viewerId: number | null, input: InputOf<'videoVideoList'>, language: Language): Promise<VideoPage> {
  const filter: VideoFilter = (eb) => eb.and([listed(eb), eb('videos.category_id', '=', input.category_id)]);
  return pageOf(server, viewerId, filter, pagingOf(input), language, newestFirst, `list:${input.category_id}`);
}

/** Video/anchorWorks: one anchor's approved videos, newest first. */
export function anchorWorks(server: ServerContext, viewerId: number | null, input: InputOf<'videoAnchorWorks'>, language: Language): Promise<VideoPage> {
  const filter: VideoFilter = (eb) => eb.and([listed(eb), eb('videos.user_id', '=', input.uid)]);
  return pageOf(server, viewerId, filter, pagingOf(input), language, newestFirst);
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
  const filter: VideoFilter = (eb) =>
    eb.and([eb('videos.user_id', '=', authorId), own ? eb('videos.deleted_at', 'is', null) : listed(eb)]);
  return pageOf(server, viewerId, filter, pagingOf(input), language, newestFirst);
}

/** My favourites, newest favourite first (the member centre's list). */
export function favoriteVideos(server: ServerContext, viewerId: number, paging: Paging, language: Language): Promise<VideoPage> {
  const filter: VideoFilter = (eb) =>
    eb.and([
      listed(eb),
      eb.exists(eb.selectFrom('video_favorites').select('video_favorites.user_id').whereRef('video_favorites.video_id', '=', 'videos.id').where('video_favorites.user_id', '=', viewerId)),
    ]);
  const favouritedAt = sql`(select created_at from video_favorites where video_id = videos.id and user_id = ${viewerId})`;
  return pageOf(server, viewerId, filter, paging, language, (q) => q.orderBy(favouritedAt, 'desc').orderBy('videos.id', 'desc'));
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
  const video = toVideo(row, language);
  return row.match_id === null ? video : { ...video, chapters: await chaptersOf(server.database.db, videoId, language) };
}
