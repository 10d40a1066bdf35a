import type { Default, Id, Nullable, NullableTimestamp, ReviewStatus, Sport, TimestampDefault } from './column-types.ts';

export interface HeadlineCategoriesTable {
  id: Id;
  name: string;
  name_en: string;
  /** '' falls back to the English name. */
  name_vi: Default<string>;
  sort: Default<number>;
}

export interface HeadlinesTable {
  id: Id;
  category_id: number;
  author_id: Nullable<number>;
  title: string;
  summary: Default<string>;
  /** Plain text, paragraphs separated by a blank line. */
  content: string;
  cover: string;
  sport: Nullable<Sport>;
  match_id: Nullable<number>;
  views: Default<number>;
  is_top: Default<boolean>;
  status: Default<ReviewStatus>;
  published_at: NullableTimestamp;
  created_at: TimestampDefault;
  reviewed_by: Nullable<number>;
  reviewed_at: NullableTimestamp;
  /** Why the review refused it; null otherwise. */
  review_note: Nullable<string>;
  /** The language the article is written in. */
  lang: Default<'zh' | 'en' | 'vi'>;
}

/** A reader's comment on an article; a reply hangs under a top-level comment (parent_id). */
export interface HeadlineCommentsTable {
  id: Id;
  headline_id: number;
  user_id: number;
  parent_id: Nullable<number>;
  reply_to_user_id: Nullable<number>;
  content: string;
  created_at: TimestampDefault;
  deleted_at: NullableTimestamp;
}

export interface PortalPostsTable {
  id: Id;
  /** 1 user agreement, 2 privacy policy, 3 live protocol, 4 recharge agreement, 5 about us, 6 contact us. */
  type: 1 | 2 | 3 | 4 | 5 | 6;
  lang: Default<'zh' | 'en' | 'vi'>;
  title: string;
  /** Plain text, paragraphs separated by a blank line. */
  content: string;
  updated_at: TimestampDefault;
}

export interface BannersTable {
  id: Id;
  position: Default<'home' | 'live' | 'video' | 'news' | 'mobile'>;
  title: string;
  /** English and Vietnamese words; '' falls back to the Chinese title. */
  title_en: Default<string>;
  title_vi: Default<string>;
  image: string;
  /** A route of the site ('' for none). */
  link: Default<string>;
  sort: Default<number>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  enabled: Default<boolean>;
}

export interface AdvertsTable {
  id: Id;
  position: 'home' | 'live_room' | 'scores' | 'video' | 'news' | 'sidebar';
  title: string;
  title_en: Default<string>;
  title_vi: Default<string>;
  image: string;
  /** A route of the site, an advertiser's https address, or '' for none. */
  link: Default<string>;
  sort: Default<number>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  enabled: Default<boolean>;
}

export interface PushNoticesTable {
  id: Id;
  kind: 'system' | 'match' | 'live' | 'activity' | 'review';
  /** null: for everyone. */
  user_id: Nullable<number>;
  title: string;
  content: string;
  link: Default<string>;
  created_at: TimestampDefault;
}

export interface PushNoticeReadsTable {
  notice_id: number;
  user_id: number;
  read_at: TimestampDefault;
}

/** Another name a team, a league or an anchor is found by in search: a nickname, a spelling, pinyin initials. */
export interface SearchAliasesTable {
  id: Id;
  target_kind: 'team' | 'league' | 'anchor';
  target_id: number;
  alias: string;
  created_at: TimestampDefault;
}

/** The content area's tables, by name: composed into Database (server/db/schema.ts). */
export interface ContentTables {
  headline_categories: HeadlineCategoriesTable;
  headlines: HeadlinesTable;
  headline_comments: HeadlineCommentsTable;
  portal_posts: PortalPostsTable;
  banners: BannersTable;
  adverts: AdvertsTable;
  push_notices: PushNoticesTable;
  push_notice_reads: PushNoticeReadsTable;
  search_aliases: SearchAliasesTable;
}
