import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Default, Flag, Id, Json, Nullable, NullableTimestamp, Numeric, NumericDefault, Timestamp, TimestampDefault } from './column-types.ts';

export interface CountryCodesTable {
  id: Id;
  code: string;
  name: string;
  name_en: string;
  sort: Default<number>;
}

export interface WealthLevelsTable {
  level: number;
  name: string;
  min_experience: Numeric;
  icon: string;
}

export interface AnchorLevelsTable {
  level: number;
  name: string;
  min_experience: Numeric;
  icon: string;
}

export interface UsersTable {
  id: Id;
  /** '86-13800000000': country code, a dash, the number. */
  mobile: string;
  password_hash: string;
  user_nickname: string;
  avatar: string;
  signature: Default<string>;
  /** 0 not said, 1 male, 2 female. */
  sex: Default<0 | 1 | 2>;
  is_anchor: Default<Flag>;
  is_expert: Default<Flag>;
  is_admin: Default<Flag>;
  /** Wealth level (wealth_levels). */
  level: Default<number>;
  /** Wealth points: 1 diamond spent = 1 point (SPEC §5). */
  experience: NumericDefault;
  exp_icon: Default<string>;
  anchor_level: Default<number>;
  anchor_experience: NumericDefault;
  invite_code: string;
  invited_by: Nullable<number>;
  payment_password_hash: Nullable<string>;
  /** Wrong payment passwords in a row (migration 030). */
  payment_password_failures: Default<number>;
  payment_password_locked_until: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: TimestampDefault;
  disabled_at: NullableTimestamp;
  /** Muted site-wide by an admin until this time (migration 330). */
  site_muted_until: NullableTimestamp;
}

export type DeviceType = 'pc' | 'h5' | 'android' | 'ios';

export interface SessionsTable {
  id: Id;
  user_id: number;
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  device_type: Default<DeviceType>;
  ip: Default<string>;
  created_at: TimestampDefault;
  last_seen_at: TimestampDefault;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: Nullable<'signed_out' | 'elsewhere' | 'disabled'>;
}

export type SmsPurpose = 'register' | 'reset' | 'login' | 'payment' | 'other';

export interface SmsCodesTable {
  id: Id;
  mobile: string;
  purpose: SmsPurpose;
  code_hash: string;
  tries: Default<number>;
  ip: Default<string>;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type QrStatus = 'pending' | 'scanned' | 'confirmed' | 'expired';

export interface LoginQrcodesTable {
  code: string;
  status: Default<QrStatus>;
  user_id: Nullable<number>;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  scanned_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  /** Where the page that showed the code asked from (007). */
  ip: Default<string>;
  /** SHA-256 of the secret given with the code, hex (014); '' for codes from before 014, which bind nowhere. */
  secret_hash: Default<string>;
  /** The user agent that asked for the code, cut to 512 characters (014). */
  user_agent: Default<string>;
  /** The score-socket connection the code is bound to (014): the last that presented its secret. */
  connection_id: Nullable<string>;
}

/** A human-check solution already accepted (007): refused if offered again before it expires. */
export interface AltchaSpentTable {
  challenge_id: string;
  expires_at: Timestamp;
}

/** One failed login (007), counted per mobile and per IP over a window. */
export interface LoginFailuresTable {
  id: Id;
  mobile: string;
  ip: Default<string>;
  created_at: TimestampDefault;
}

export interface SiteConfigTable {
  key: string;
  value: Json<unknown>;
  updated_at: TimestampDefault;
}

export interface DefaultAvatarsTable {
  id: Id;
  path: string;
  sort: Default<number>;
}

export type UploadPurpose =
  | 'avatar'
  | 'cover'
  | 'circle_image'
  | 'circle_video'
  | 'video'
  | 'video_cover'
  | 'chat_image'
  | 'chat_file'
  | 'headline';

export interface UploadsTable {
  id: Id;
  owner_id: Nullable<number>;
  path: string;
  purpose: UploadPurpose;
  content_type: string;
  bytes: number;
  sha256: string;
  width: Nullable<number>;
  height: Nullable<number>;
  /** The nonce of the upload token that stored it: a token stores one upload (migration 013). */
  token_nonce: Nullable<string>;
  created_at: TimestampDefault;
}

export type User = Selectable<UsersTable>;

export type NewUser = Insertable<UsersTable>;

export type UserUpdate = Updateable<UsersTable>;

/** The account area's tables, by name: composed into Database (server/db/schema.ts). */
export interface AccountTables {
  country_codes: CountryCodesTable;
  wealth_levels: WealthLevelsTable;
  anchor_levels: AnchorLevelsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  login_qrcodes: LoginQrcodesTable;
  altcha_spent: AltchaSpentTable;
  login_failures: LoginFailuresTable;
  site_config: SiteConfigTable;
  default_avatars: DefaultAvatarsTable;
  uploads: UploadsTable;
}
