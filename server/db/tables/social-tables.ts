import type { TimestampDefault } from './column-types.ts';

export interface FollowsTable {
  user_id: number;
  target_id: number;
  created_at: TimestampDefault;
}

export type LikeTarget = 'circle_post' | 'circle_comment' | 'video' | 'video_comment' | 'headline_comment';

export interface LikesTable {
  user_id: number;
  target_type: LikeTarget;
  target_id: number;
  created_at: TimestampDefault;
}

/** The social area's tables, by name: composed into Database (server/db/schema.ts). */
export interface SocialTables {
  follows: FollowsTable;
  likes: LikesTable;
}
