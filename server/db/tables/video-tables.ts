import type { Default, Id, Nullable, NullableTimestamp, ReviewStatus, TimestampDefault } from './column-types.ts';

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
}

export interface VideoFavoritesTable {
  user_id: number;
  video_id: number;
  created_at: TimestampDefault;
}

/** The video area's tables, by name: composed into Database (server/db/schema.ts). */
export interface VideoTables {
  video_categories: VideoCategoriesTable;
  user_video_categories: UserVideoCategoriesTable;
  videos: VideosTable;
  video_comments: VideoCommentsTable;
  video_favorites: VideoFavoritesTable;
}
