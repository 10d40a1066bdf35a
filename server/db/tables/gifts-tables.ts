import type { Default, Id, JsonDefault, Nullable, Numeric, NumericDefault, Timestamp, TimestampDefault } from './column-types.ts';

export interface GiftsTable {
  id: Id;
  name: string;
  name_en: string;
  /** Vietnamese; empty reads as English (migration 540). */
  name_vi: Default<string>;
  icon: string;
  price: Numeric;
  effect: Default<'none' | 'small' | 'big' | 'fullscreen'>;
  sort: Default<number>;
  enabled: Default<boolean>;
  /** The animation played over the video (migration 040); null for icon-only gifts. */
  animation_url: Default<string | null>;
}

export interface UserGiftsTable {
  user_id: number;
  gift_id: number;
  quantity: number;
  updated_at: TimestampDefault;
}

export interface GuardTiersTable {
  id: Id;
  kind: 'guard' | 'nobility';
  level: number;
  name: string;
  name_en: string;
  /** Vietnamese; empty reads as English (migration 540). */
  name_vi: Default<string>;
  icon: string;
  price: Numeric;
  renew_price: Numeric;
  days: number;
  free_horns: Default<number>;
  privileges: JsonDefault<string[]>;
}

export interface GuardMembershipsTable {
  id: Id;
  user_id: number;
  tier_id: number;
  /** The guarded anchor; null for nobility (one nobility per user, one guard per user and anchor). */
  anchor_id: Nullable<number>;
  starts_at: Timestamp;
  expires_at: Timestamp;
  free_horns_left: Default<number>;
  transaction_id: number;
  created_at: TimestampDefault;
}

export interface BarrageStylesTable {
  id: Id;
  name: string;
  name_en: string;
  /** Vietnamese; empty reads as English (migration 540). */
  name_vi: Default<string>;
  color: string;
  price: NumericDefault;
  min_nobility_level: Default<number>;
  sort: Default<number>;
  enabled: Default<boolean>;
}

export interface GiftRecordsTable {
  id: Id;
  sender_id: number;
  anchor_id: number;
  room_id: Nullable<number>;
  gift_id: number;
  quantity: number;
  /** Diamonds paid; 0 from the backpack. */
  total: Numeric;
  from_backpack: Default<boolean>;
  /** null exactly when from the backpack. */
  transaction_id: Nullable<number>;
  created_at: TimestampDefault;
  /** The gift's place in its combo (migration 040): 1 starts one. */
  combo: Default<number>;
}

export interface BarrageRecordsTable {
  id: Id;
  user_id: number;
  room_id: number;
  style_id: number;
  content: string;
  transaction_id: Nullable<number>;
  created_at: TimestampDefault;
}

export interface HornsTable {
  id: Id;
  user_id: number;
  room_id: Nullable<number>;
  content: string;
  /** Free (nobility) exactly when there is no transaction. */
  is_free: Default<boolean>;
  transaction_id: Nullable<number>;
  created_at: TimestampDefault;
}

/** The anchor's experience from gifts, spread over parts (migration 100); users.anchor_experience holds the rest. */
export interface AnchorExperiencePartsTable {
  user_id: number;
  part: number;
  experience: Numeric;
}

/** The gifts area's tables, by name: composed into Database (server/db/schema.ts). */
export interface GiftsTables {
  gifts: GiftsTable;
  user_gifts: UserGiftsTable;
  guard_tiers: GuardTiersTable;
  guard_memberships: GuardMembershipsTable;
  barrage_styles: BarrageStylesTable;
  gift_records: GiftRecordsTable;
  barrage_records: BarrageRecordsTable;
  horns: HornsTable;
  anchor_experience_parts: AnchorExperiencePartsTable;
}
