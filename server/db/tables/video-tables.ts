import type { Default, Id, Nullable, NullableTimestamp, ReviewStatus, Timestamp, TimestampDefault } from './column-types.ts';

export interface VideoCategoriesTable {
  id: Id;
  name: string;
  name_en: string;
  icon: string;
  is_recommended: Default<boolean>;
  sort: Default<number>;
}

export interface UserVideoCategoriesTable {
  user_id: number;
  category_id: number;
  sort: Default<number>;
  created_at: TimestampDefault;
}

export interface VideosTable {
  id: Id;
  category_id: number;
  user_id: number;
  title: string;
  description: Default<string>;
  cover: string;
  video_path: string;
  duration_seconds: number;
  bytes: number;
  views: Default<number>;
  status: Default<ReviewStatus>;
  created_at: TimestampDefault;
  deleted_at: NullableTimestamp;
  review_reason: Nullable<string>;
  /** Kept by triggers on likes, video_favorites and video_comments (migration 200). */
  like_count: Default<number>;
  favorite_count: Default<number>;
  comment_count: Default<number>;
}

export interface VideoCommentsTable {
  id: Id;
  video_id: number;
  user_id: number;
  parent_id: Nullable<number>;
  reply_to_user_id: Nullable<number>;
  content: string;
  created_at: TimestampDefault;
  deleted_at: NullableTimestamp;
  /** Kept by triggers on likes and video_comments (migration 200). */
  like_count: Default<number>;
  reply_count: Default<number>;
}

export interface VideoFavoritesTable {
  user_id: number;
  video_id: number;
  created_at: TimestampDefault;
}

/** A counted view: one per viewer ('u<user id>' or 'a<address>'), video and clock hour. */
export interface VideoViewsTable {
  video_id: number;
  viewer: string;
  hour: Timestamp;
}

/** The video area's tables, by name: composed into Database (server/db/schema.ts). */
export interface VideoTables {
  video_categories: VideoCategoriesTable;
  user_video_categories: UserVideoCategoriesTable;
  videos: VideosTable;
  video_comments: VideoCommentsTable;
  video_favorites: VideoFavoritesTable;
  video_views: VideoViewsTable;
}
