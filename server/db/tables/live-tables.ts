import type { Selectable } from 'kysely';
import type { Default, Id, LiveStatus, LiveType, Nullable, NullableTimestamp, NumericDefault, Timestamp, TimestampDefault } from './column-types.ts';

export interface LiveCategoriesTable {
  id: Id;
  type: LiveType;
  name: string;
  name_en: string;
  icon: string;
  league_id: Nullable<number>;
  sort: Default<number>;
}

export interface LiveRoomsTable {
  id: Id;
  /** One room per anchor. */
  anchor_id: number;
  title: string;
  cover: string;
  type: LiveType;
  category_id: Nullable<number>;
  match_id: Nullable<number>;
  status: Default<LiveStatus>;
  /** Up to 50 characters (SPEC §5). */
  placard: Default<string>;
  stream_key: string;
  /** Demo rooms: the server-side clip played as a live playlist. */
  demo_clip: Nullable<string>;
  viewers: Default<number>;
  heat: Default<number>;
  /** 410: the viewers and heat are the seed's made-up audience, not counted; a real push takes the label off. */
  seeded_audience: Default<boolean>;
  is_recommended: Default<boolean>;
  /** 015: live/share calls. */
  share_count: Default<number>;
  /** 035: the chat's rules: seconds between a viewer's messages (0 off), followers only, no links. */
  chat_slow_seconds: Default<number>;
  chat_followers_only: Default<boolean>;
  chat_block_links: Default<boolean>;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: TimestampDefault;
}

export interface LiveRecordsTable {
  id: Id;
  room_id: number;
  title: string;
  match_id: Nullable<number>;
  started_at: Timestamp;
  /** null while on air (one open record per room). */
  ended_at: NullableTimestamp;
  peak_viewers: Default<number>;
  income: NumericDefault;
  playback_path: Nullable<string>;
  /** 015: plays of the recording. */
  views: Default<number>;
}

export interface LiveSchedulesTable {
  id: Id;
  room_id: number;
  match_id: Nullable<number>;
  title: string;
  start_time: Timestamp;
  created_at: TimestampDefault;
}

export interface LiveReservationsTable {
  id: Id;
  user_id: number;
  /** Exactly one of match_id and schedule_id. */
  match_id: Nullable<number>;
  schedule_id: Nullable<number>;
  created_at: TimestampDefault;
}

export interface LiveKickoutsTable {
  id: Id;
  room_id: number;
  user_id: number;
  by_user_id: Nullable<number>;
  until: Timestamp;
  reason: Default<string>;
  created_at: TimestampDefault;
}

export interface RoomManagersTable {
  room_id: number;
  user_id: number;
  appointed_by: Nullable<number>;
  created_at: TimestampDefault;
}

export interface RoomMutesTable {
  room_id: number;
  user_id: number;
  by_user_id: Nullable<number>;
  /** null: until lifted. */
  until: NullableTimestamp;
  reason: Default<string>;
  created_at: TimestampDefault;
}

export type LiveRoom = Selectable<LiveRoomsTable>;

/** The live area's tables, by name: composed into Database (server/db/schema.ts). */
export interface LiveTables {
  live_categories: LiveCategoriesTable;
  live_rooms: LiveRoomsTable;
  live_records: LiveRecordsTable;
  live_schedules: LiveSchedulesTable;
  live_reservations: LiveReservationsTable;
  live_kickouts: LiveKickoutsTable;
  room_managers: RoomManagersTable;
  room_mutes: RoomMutesTable;
}
