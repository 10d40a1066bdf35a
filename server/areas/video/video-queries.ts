import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import type { Database } from '../../db/schema.ts';
import type { Language } from '../../i18n/server-messages.ts';

export type Video = DataOf<'videoGetVideoInfo'>;
export type VideoPage = DataOf<'videoGetList'>;

/** A page of a list: page from 1, at most `limit` rows. */
export interface Paging {
  page: number;
  limit: number;
}

export function pagingOf(input: { page?: number; limit?: number }): Paging {
  return { page: input.page ?? 1, limit: input.limit ?? 20 };
}

type VideoScope = ExpressionBuilder<Database, 'videos'>;

/** Only what everyone may see: approved and not deleted. */
export const listed = (eb: VideoScope) => eb.and([eb('videos.status', '=', 'audit_successful'), eb('videos.deleted_at', 'is', null)]);

/**
 * Hot, as the list's `hot` order means it: views, likes, comments and favourites, weighted by how much
 * each says about interest (a comment more than a like, a like more than a view), divided by the
 * video's age in hours plus two to the power 1.5, so a video seen much this morning passes one seen
 * more last month (the gravity of Hacker News's ranking).
 */
export function hotScore(now: Date) {
  return sql<number>`(videos.views + 4 * videos.like_count + 6 * videos.comment_count + 3 * videos.favorite_count + 1)
    / power(greatest(extract(epoch from (${now}::timestamptz - videos.created_at)), 0) / 3600 + 2, 1.5)`;
}

/** The columns a Video is made of; `viewerId` null for a guest, whose is_like and is_favorite are 0. */
export function selectVideos(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('videos')
    .innerJoin('video_categories', 'video_categories.id', 'videos.category_id')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .select((eb) => [
      'videos.id',
      'videos.title',
      'videos.cover',
      'videos.duration_seconds',
      'videos.bytes',
      'videos.category_id',
      'video_categories.name as category_name',
      'video_categories.name_en as category_name_en',
      'videos.user_id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'users.is_anchor',
      'videos.views',
      'videos.like_count',
      'videos.favorite_count',
      'videos.comment_count',
      'videos.video_path',
      'videos.hls_path',
      'videos.renditions',
      'videos.match_id',
      'videos.created_at',
      'videos.status',
      'videos.review_reason',
      viewerId === null
        ? sql<boolean>`false`.as('is_like')
        : eb
            .exists(
              eb
                .selectFrom('likes')
                .select('likes.user_id')
                .where('likes.user_id', '=', viewerId)
                .where('likes.target_type', '=', 'video')
                .whereRef('likes.target_id', '=', 'videos.id'),
            )
            .as('is_like'),
      viewerId === null
        ? sql<boolean>`false`.as('is_favorite')
        : eb
            .exists(
              eb
                .selectFrom('video_favorites')
                .select('video_favorites.user_id')
                .where('video_favorites.user_id', '=', viewerId)
                .whereRef('video_favorites.video_id', '=', 'videos.id'),
            )
            .as('is_favorite'),
    ]);
}

type VideoRow = Awaited<ReturnType<ReturnType<typeof selectVideos>['executeTakeFirstOrThrow']>>;

/** The play address and how to play it: HLS once there are renditions (seeded clips are), the file itself before. */
export function playOf(videoPath: string): Pick<Video, 'play_url' | 'format'> {
  return { play_url: videoPath, format: videoPath.endsWith('.m3u8') ? 'hls' : 'mp4' };
}

const streamQualities = new Set<string>(['original', 'high_definition', 'standard', 'smooth']);
const isStreamQuality = (value: string): value is NonNullable<Video['qualities']>[number] => streamQualities.has(value);

export function toVideo(row: VideoRow, language: Language): Video {
  return {
    id: Number(row.id),
    title: row.title,
    cover: row.cover,
    duration: row.duration_seconds,
    size: row.bytes,
    category: { id: Number(row.category_id), name: language === 'zh' ? row.category_name : row.category_name_en },
    author: {
      id: Number(row.user_id),
      user_nickname: row.user_nickname,
      avatar: row.avatar,
      exp_icon: row.exp_icon,
      is_anchor: row.is_anchor,
    },
    view_count: row.views,
    like_count: row.like_count,
    favorite_count: row.favorite_count,
    comment_count: row.comment_count,
    is_like: row.is_like ? 1 : 0,
    is_favorite: row.is_favorite ? 1 : 0,
    ...playOf(row.hls_path ?? row.video_path),
    ...(row.hls_path ? { qualities: row.renditions.filter(isStreamQuality) } : {}),
    created_at: timestampOf(row.created_at),
    review_status: row.status,
    review_reason: row.review_reason,
    ...(row.match_id === null ? {} : { match_id: Number(row.match_id) }),
  };
}
