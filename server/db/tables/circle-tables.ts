import type { Default, Id, Nullable, NullableTimestamp, Sport, TimestampDefault } from './column-types.ts';

export interface CirclesTable {
  id: Id;
  name: string;
  name_en: string;
  /** '' falls back to the English name. */
  name_vi: Default<string>;
  icon: string;
  cover: string;
  description: Default<string>;
  /** '' falls back to the Chinese description. */
  description_en: Default<string>;
  description_vi: Default<string>;
  sport: Nullable<Sport>;
  sort: Default<number>;
  created_at: TimestampDefault;
}

export interface CircleMembersTable {
  circle_id: number;
  user_id: number;
  created_at: TimestampDefault;
}

export interface CirclePostsTable {
  id: Id;
  circle_id: number;
  user_id: number;
  kind: Default<'text' | 'images' | 'video'>;
  content: string;
  views: Default<number>;
  is_top: Default<boolean>;
  created_at: TimestampDefault;
  deleted_at: NullableTimestamp;
}

export interface CirclePostMediaTable {
  id: Id;
  post_id: number;
  kind: 'image' | 'video' | 'video_cover';
  path: string;
  width: Nullable<number>;
  height: Nullable<number>;
  /** 0..3 (up to 4 photos). */
  sort: Default<number>;
}

export interface CircleCommentsTable {
  id: Id;
  post_id: number;
  user_id: number;
  parent_id: Nullable<number>;
  reply_to_user_id: Nullable<number>;
  content: string;
  created_at: TimestampDefault;
  deleted_at: NullableTimestamp;
}

/** The circle area's tables, by name: composed into Database (server/db/schema.ts). */
export interface CircleTables {
  circles: CirclesTable;
  circle_members: CircleMembersTable;
  circle_posts: CirclePostsTable;
  circle_post_media: CirclePostMediaTable;
  circle_comments: CircleCommentsTable;
}
