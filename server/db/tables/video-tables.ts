import type { Default, Id, JsonDefault, Nullable, NullableTimestamp, ReviewStatus, Timestamp, TimestampDefault } from './column-types.ts';

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
  /** The master playlist of the renditions once transcoded (migration 310); the original plays until then. */
  hls_path: Nullable<string>;
  /** The renditions the master playlist names, best first. */
  renditions: Default<string[]>;
  /** The match the video shows, whose goals and cards are its chapters (migration 420). */
  match_id: Nullable<number>;
}

/** A match video's chapter: one of its match's incidents, at the second of the video where it happens. */
export interface VideoChaptersTable {
  video_id: number;
  incident_id: number;
  at_seconds: number;
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

export type TranscodeJobRowStatus = 'queued' | 'probing' | 'transcoding' | 'finishing' | 'ready' | 'unavailable' | 'failed';

/** A stored rung of a job: the rendition, whether it is copied, and how far it got (0 to 1). */
export interface StoredRung {
  quality: string;
  height: number;
  copy: boolean;
  progress: number;
}

/** A video's transcoding job (migration 310), claimed by one worker at a time under a lease. */
export interface VideoTranscodeJobsTable {
  id: Id;
  video_id: number;
  status: Default<TranscodeJobRowStatus>;
  rungs: JsonDefault<StoredRung[]>;
  done: Default<string[]>;
  reason: Nullable<string>;
  attempts: Default<number>;
  run_after: TimestampDefault;
  claimed_by: Nullable<string>;
  lease_until: NullableTimestamp;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

/** A resumable (tus) upload under way (migration 311); its offset is the length of its file. */
export interface VideoTusUploadsTable {
  id: string;
  user_id: number;
  length: number;
  metadata: JsonDefault<Record<string, string>>;
  created_at: TimestampDefault;
  expires_at: Timestamp;
}

/** The video area's tables, by name: composed into Database (server/db/schema.ts). */
export interface VideoTables {
  video_categories: VideoCategoriesTable;
  user_video_categories: UserVideoCategoriesTable;
  videos: VideosTable;
  video_comments: VideoCommentsTable;
  video_favorites: VideoFavoritesTable;
  video_views: VideoViewsTable;
  video_transcode_jobs: VideoTranscodeJobsTable;
  video_tus_uploads: VideoTusUploadsTable;
  video_chapters: VideoChaptersTable;
}
