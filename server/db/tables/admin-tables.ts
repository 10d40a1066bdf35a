import type { Default, Id, Nullable, NullableTimestamp, TimestampDefault } from './column-types.ts';

export type ReportTargetType = 'chat_message' | 'post_comment' | 'video_comment' | 'news_comment' | 'post' | 'video';
export type ReportReason = 'spam' | 'abuse' | 'porn' | 'illegal' | 'other';
export type ReportStatus = 'under_review' | 'removed' | 'dismissed';

/** One piece of reported content, the item of the admins' queue (migration 331). */
export interface ContentReportsTable {
  id: Id;
  target_type: ReportTargetType;
  target_id: number;
  author_id: number;
  /** The words as first reported (a video's title). */
  excerpt: string;
  report_count: Default<number>;
  status: Default<ReportStatus>;
  review_reason: Nullable<string>;
  reviewed_by: Nullable<number>;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
}

/** Who reported a piece of content, once each, and why. */
export interface ContentReportReportersTable {
  report_id: number;
  user_id: number;
  reason: ReportReason;
  detail: Default<string>;
  created_at: TimestampDefault;
}

/** The admin area's tables, by name: composed into Database (server/db/schema.ts). */
export interface AdminTables {
  content_reports: ContentReportsTable;
  content_report_reporters: ContentReportReportersTable;
}
