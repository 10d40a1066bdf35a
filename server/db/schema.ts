import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Column kinds. Both databases read int8 and numeric as JS numbers (parsers in database.ts), so
// sums, counts and balances are numbers; timestamptz reads as Date.

/** An identity column: read as number, optional on insert. */
type Id = Generated<number>;
/** timestamptz without a default. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with `default now()`. */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/**
 * date: read as a Date at midnight (PGlite: UTC midnight; node-postgres: local midnight), so
 * compare days in SQL or select `day::text` for a 'YYYY-MM-DD' string.
 */
type DateOnly = ColumnType<Date, string, string>;
/** numeric without a default. */
type Numeric = ColumnType<number, number | string, number | string>;
type NumericDefault = ColumnType<number, number | string | undefined, number | string>;
type NullableNumeric = ColumnType<number | null, number | string | null | undefined, number | string | null>;
/**
 * jsonb: read as the parsed value, written as a JSON string (`JSON.stringify(value)`): node-postgres
 * would send a JS array as a PostgreSQL array literal.
 */
type Json<T> = ColumnType<T, string, string>;
type JsonDefault<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** A column with a default: optional on insert. */
type Default<T> = ColumnType<T, T | undefined, T>;
/** A nullable column: optional on insert (null). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type Sport = 'football' | 'basketball' | 'esports';
/** SPEC §2 /anchor type: 1 football, 2 basketball, 3 e-sports. */
export type LiveType = 1 | 2 | 3;
export type LiveStatus = 'not_started' | 'in_progress' | 'over';
export type ReviewStatus = 'under_review' | 'audit_successful' | 'audit_failure';
export type SettlementStatus = 'to_be_settled' | 'settled' | 'won' | 'lost' | 'void';
export type Flag = 0 | 1;

// ---------------------------------------------------------------- accounts (001)

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
  last_login_at: NullableTimestamp;
  created_at: TimestampDefault;
  disabled_at: NullableTimestamp;
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

export interface FollowsTable {
  user_id: number;
  target_id: number;
  created_at: TimestampDefault;
}

export interface SignInRewardsTable {
  /** 1..7: the nth consecutive day of the cycle. */
  day_index: number;
  lz_num: number;
}

export interface SignInsTable {
  user_id: number;
  day: DateOnly;
  streak: Default<number>;
  lz_num: number;
  created_at: TimestampDefault;
}

export interface TasksTable {
  id: Id;
  /** watch_room, send_barrage, follow_anchor, share, send_gift. */
  code: string;
  kind: Default<'daily' | 'once'>;
  task: string;
  task_en: string;
  description: Default<string>;
  img: string;
  /** Minutes for watch_room, a count for the others. */
  target: Default<number>;
  lz_num: number;
  sort: Default<number>;
  enabled: Default<boolean>;
}

export interface UserTasksTable {
  user_id: number;
  task_id: number;
  /** The day counted (daily tasks); '1970-01-01' for once-only tasks. */
  day: DateOnly;
  progress: Default<number>;
  completed_at: NullableTimestamp;
  rewarded_at: NullableTimestamp;
}

// ---------------------------------------------------------------- money (002)

export type UserWalletKind = 'consumer' | 'income' | 'coins';
export type SystemWalletKind =
  | 'system_opening'
  | 'system_opening_coins'
  | 'system_topup'
  | 'system_revenue'
  | 'system_withdrawal'
  | 'system_escrow'
  | 'system_coins';
export type WalletKind = UserWalletKind | SystemWalletKind;
export type Currency = 'diamond' | 'coin';

export interface WalletAccountsTable {
  id: Id;
  /** null for system accounts. */
  owner_id: number | null;
  kind: WalletKind;
  currency: Currency;
  /** Read only: changed by inserting ledger_entries (a trigger applies them; direct updates fail). */
  balance: ColumnType<number, never, never>;
}

export type LedgerKind =
  | 'opening'
  | 'topup'
  | 'gift'
  | 'guard'
  | 'nobility'
  | 'barrage'
  | 'horn'
  | 'plan_purchase'
  | 'exchange'
  | 'conversion'
  | 'withdrawal'
  | 'withdrawal_refund'
  | 'sign_in'
  | 'task'
  | 'red_envelope'
  | 'red_envelope_claim'
  | 'red_envelope_refund'
  | 'guess_bet'
  | 'guess_payout'
  | 'adjustment';

/** Append-only (updates and deletes fail). */
export interface LedgerTransactionsTable {
  id: Id;
  idempotency_key: string;
  kind: LedgerKind;
  user_id: Nullable<number>;
  created_at: TimestampDefault;
  meta: JsonDefault<Record<string, unknown>>;
}

/** Append-only; the entries of a transaction sum to zero per currency (checked at commit). */
export interface LedgerEntriesTable {
  id: Id;
  transaction_id: number;
  account_id: number;
  amount: Numeric;
  /** Set by the trigger: the account balance right after this entry. */
  balance_after: ColumnType<number, never, never>;
  created_at: TimestampDefault;
}

export interface ChargeRulesTable {
  id: Id;
  name: string;
  /** Yuan. */
  price: Numeric;
  diamonds: Numeric;
  bonus: NumericDefault;
  sort: Default<number>;
  enabled: Default<boolean>;
}

export interface PayChannelsTable {
  id: Id;
  code: string;
  name: string;
  name_en: string;
  icon: string;
  min_amount: NumericDefault;
  max_amount: NumericDefault;
  sort: Default<number>;
  enabled: Default<boolean>;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

export interface OrdersTable {
  id: Id;
  order_no: string;
  user_id: number;
  charge_rule_id: Nullable<number>;
  channel_id: number;
  /** Yuan. */
  amount: Numeric;
  diamonds: Numeric;
  status: Default<OrderStatus>;
  /** Set with status 'paid' and paid_at, once (unique). */
  transaction_id: Nullable<number>;
  channel_trade_no: Nullable<string>;
  notify_count: Default<number>;
  created_at: TimestampDefault;
  paid_at: NullableTimestamp;
}

export interface BankCardsTable {
  id: Id;
  user_id: number;
  real_name: string;
  bank_name: string;
  branch: Default<string>;
  card_number: string;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface PayAccountsTable {
  id: Id;
  user_id: number;
  kind: Default<'alipay' | 'wechat'>;
  account: string;
  real_name: string;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface WithdrawalDestination {
  method: 'bank_card' | 'alipay';
  real_name: string;
  account: string;
  bank_name?: string;
}

export interface WithdrawalsTable {
  id: Id;
  user_id: number;
  amount: Numeric;
  fee: NumericDefault;
  method: 'bank_card' | 'alipay';
  destination: Json<WithdrawalDestination>;
  status: Default<ReviewStatus>;
  hold_transaction_id: number;
  /** Required exactly when status is audit_failure. */
  refund_transaction_id: Nullable<number>;
  reviewer_id: Nullable<number>;
  review_note: Default<string>;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
}

export interface GiftsTable {
  id: Id;
  name: string;
  name_en: string;
  icon: string;
  price: Numeric;
  effect: Default<'none' | 'small' | 'big' | 'fullscreen'>;
  sort: Default<number>;
  enabled: Default<boolean>;
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
  color: string;
  price: NumericDefault;
  min_nobility_level: Default<number>;
  sort: Default<number>;
  enabled: Default<boolean>;
}

export interface GoodsTable {
  id: Id;
  name: string;
  name_en: string;
  image: string;
  description: Default<string>;
  kind: 'virtual' | 'physical' | 'gift';
  price_coins: number;
  /** null: unlimited. */
  stock: Nullable<number>;
  gift_id: Nullable<number>;
  gift_quantity: Default<number>;
  sort: Default<number>;
  enabled: Default<boolean>;
}

export interface GoodsExchangesTable {
  id: Id;
  user_id: number;
  goods_id: number;
  quantity: number;
  coins: number;
  status: Default<'completed' | 'to_ship' | 'shipped'>;
  address: NullableJson<{ name: string; mobile: string; address: string }>;
  transaction_id: number;
  created_at: TimestampDefault;
}

// ---------------------------------------------------------------- scores (003)

export interface LeaguesTable {
  id: Id;
  sport: Sport;
  name: string;
  name_en: string;
  short_name_zh: string;
  short_name_en: string;
  logo: string;
  country: Default<string>;
  country_en: Default<string>;
  current_season: string;
  is_hot: Default<boolean>;
  sort: Default<number>;
}

export interface TeamsTable {
  id: Id;
  /** The home competition; the members of a competition are the teams of its standings. */
  league_id: number;
  name: string;
  name_en: string;
  short_name_zh: string;
  short_name_en: string;
  logo: string;
  country: Default<string>;
  venue: Default<string>;
}

export type MatchPhase =
  | 'not_started'
  | 'first_half'
  | 'half_time'
  | 'second_half'
  | 'extra_time'
  | 'penalties'
  | 'q1'
  | 'q2'
  | 'q3'
  | 'q4'
  | 'ot'
  | 'break'
  | `game_${1 | 2 | 3 | 4 | 5 | 6 | 7}`
  | 'full_time';

export interface MatchStats {
  possession?: [number, number];
  shots?: [number, number];
  shots_on_target?: [number, number];
  attacks?: [number, number];
  dangerous_attacks?: [number, number];
  fouls?: [number, number];
  /** esports: kills per side. */
  kills?: [number, number];
  /** basketball: rebounds, assists, three-pointers made. */
  rebounds?: [number, number];
  assists?: [number, number];
  threes?: [number, number];
  // Kept by the live feed (server/feed) beside the ones above.
  /** football */
  offsides?: [number, number];
  saves?: [number, number];
  /** basketball: shots made and attempted, for the percentages. */
  field_goals?: [number, number];
  field_goal_attempts?: [number, number];
  three_attempts?: [number, number];
  free_throws?: [number, number];
  free_throw_attempts?: [number, number];
  steals?: [number, number];
  blocks?: [number, number];
  turnovers?: [number, number];
  timeouts_left?: [number, number];
  /** esports: kills of each game so far, the current one last; kills is their sum. */
  game_kills?: Array<[number, number]>;
  towers?: [number, number];
  dragons?: [number, number];
  barons?: [number, number];
  /** esports: gold in thousands. */
  gold?: [number, number];
  /** esports: 1 for the side that drew first blood in the first game. */
  first_blood?: [number, number];
}

export interface MatchesTable {
  id: Id;
  sport: Sport;
  league_id: number;
  season: string;
  round: Default<string>;
  /** 010: the round in English; empty in rows stored before it that it could not name. */
  round_en: Default<string>;
  home_team_id: number;
  away_team_id: number;
  start_time: Timestamp;
  status: Default<LiveStatus>;
  phase: Default<MatchPhase>;
  /** Football: match minute; basketball: minutes played in the quarter; esports: minutes into the game. */
  minute: Default<number>;
  added_minute: Default<number>;
  /** Esports only (1, 3, 5, 7); home_score/away_score are then maps won. */
  best_of: Nullable<number>;
  home_score: Default<number>;
  away_score: Default<number>;
  home_half_score: Nullable<number>;
  away_half_score: Nullable<number>;
  home_red: Default<number>;
  away_red: Default<number>;
  home_yellow: Default<number>;
  away_yellow: Default<number>;
  home_corner: Default<number>;
  away_corner: Default<number>;
  /** Basketball: [[home, away], ...] per quarter; esports: winner side per game. */
  period_scores: JsonDefault<Array<[number, number]> | Array<'home' | 'away'>>;
  stats: JsonDefault<MatchStats>;
  venue: Default<string>;
  is_hot: Default<boolean>;
  seq: Default<number>;
  updated_at: TimestampDefault;
}

export type IncidentKind =
  | 'goal'
  | 'own_goal'
  | 'penalty_goal'
  | 'penalty_missed'
  | 'yellow_card'
  | 'red_card'
  | 'second_yellow'
  | 'substitution'
  | 'var'
  | 'period_start'
  | 'period_end'
  | 'game_won'
  /** 008 */
  | 'corner';

export interface MatchIncidentsTable {
  id: Id;
  match_id: number;
  kind: IncidentKind;
  /** The side it counts for (an own goal counts for the side that gains it); null for period events. */
  side: 'home' | 'away' | null;
  minute: number;
  added_minute: Default<number>;
  player: Default<string>;
  player2: Default<string>;
  /** 010: player and player2 in English; empty in rows stored before it. */
  player_en: Default<string>;
  player2_en: Default<string>;
  /** The score after the incident. */
  home_score: number;
  away_score: number;
  seq: Default<number>;
  created_at: TimestampDefault;
}

export interface OddsCompaniesTable {
  id: Id;
  name: string;
  name_en: string;
  sort: Default<number>;
}

export type OddsMarket = 'asia' | 'over_under' | 'europe';

export interface MatchOddsTable {
  match_id: number;
  company_id: number;
  market: OddsMarket;
  /** asia: home water; over_under: over water; europe: home win. */
  initial_home: Numeric;
  /** asia: handicap for home (negative gives goals); over_under: total; europe: null. */
  initial_line: NullableNumeric;
  /** europe (football) only. */
  initial_draw: NullableNumeric;
  initial_away: Numeric;
  home: Numeric;
  line: NullableNumeric;
  draw: NullableNumeric;
  away: Numeric;
  is_closed: Default<boolean>;
  updated_at: TimestampDefault;
}

export interface StandingsTable {
  league_id: number;
  season: string;
  team_id: number;
  group_name: Default<string>;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  /** Football 3·won + drawn; basketball 2·won + lost; esports won. */
  points: number;
  /** Latest first, W/D/L. */
  form: Default<string>;
  updated_at: TimestampDefault;
}

export interface MatchCollectsTable {
  user_id: number;
  match_id: number;
  created_at: TimestampDefault;
}

// ---------------------------------------------------------------- live, experts (004)

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
  is_recommended: Default<boolean>;
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

export interface AnchorVerificationsTable {
  id: Id;
  user_id: number;
  real_name: string;
  id_number: string;
  contact_type: 'qq' | 'wechat' | 'phone';
  contact: string;
  inviter: Default<string>;
  experience: string;
  agreed_protocol: boolean;
  status: Default<ReviewStatus>;
  reviewer_id: Nullable<number>;
  review_note: Default<string>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  /** null exactly while under review. */
  reviewed_at: NullableTimestamp;
}

export interface ExpertApplicationsTable {
  id: Id;
  user_id: number;
  sport: 'football' | 'basketball';
  experience: string;
  agreed_code: boolean;
  status: Default<ReviewStatus>;
  reviewer_id: Nullable<number>;
  review_note: Default<string>;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
}

export interface ExpertsTable {
  user_id: number;
  sport: 'football' | 'basketball';
  title: string;
  intro: Default<string>;
  tags: JsonDefault<string[]>;
  is_recommended: Default<boolean>;
  created_at: TimestampDefault;
}

export type PlanPick = 'home' | 'draw' | 'away' | 'over' | 'under';

export interface ExpertPlansTable {
  id: Id;
  expert_id: number;
  match_id: number;
  market: OddsMarket;
  pick: PlanPick;
  /** Handicap (for home) or total; null for europe. */
  line: NullableNumeric;
  odds: Numeric;
  title: string;
  analysis: string;
  /** Diamonds to unlock; 0 free. */
  price: NumericDefault;
  /** settled: stake returned (push); void: match abandoned. */
  status: Default<SettlementStatus>;
  views: Default<number>;
  published_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface ExpertPlanPurchasesTable {
  plan_id: number;
  user_id: number;
  transaction_id: number;
  created_at: TimestampDefault;
}

export interface GuessOption {
  key: string;
  label: string;
  odds: number;
}

export interface GuessTopicsTable {
  id: Id;
  match_id: number;
  room_id: Nullable<number>;
  question: string;
  options: Json<GuessOption[]>;
  status: Default<'open' | 'closed' | 'settled' | 'void'>;
  result_key: Nullable<string>;
  closes_at: Timestamp;
  created_at: TimestampDefault;
}

export interface GuessBetsTable {
  id: Id;
  topic_id: number;
  user_id: number;
  option_key: string;
  /** Coins. */
  stake: number;
  odds: Numeric;
  status: Default<SettlementStatus>;
  payout: Default<number>;
  transaction_id: number;
  payout_transaction_id: Nullable<number>;
  created_at: TimestampDefault;
  settled_at: NullableTimestamp;
}

// ---------------------------------------------------------------- content (005)

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
  /** The nonce of the upload token that stored it: a token stores one upload. */
  token_nonce: Nullable<string>;
  created_at: TimestampDefault;
}

export interface HeadlineCategoriesTable {
  id: Id;
  name: string;
  name_en: string;
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
  position: 'sidebar' | 'home_middle' | 'live_room' | 'score_list' | 'footer';
  title: string;
  image: string;
  link: Default<string>;
  sort: Default<number>;
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

export interface CirclesTable {
  id: Id;
  name: string;
  name_en: string;
  icon: string;
  cover: string;
  description: Default<string>;
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

export type LikeTarget = 'circle_post' | 'circle_comment' | 'video' | 'video_comment';

export interface LikesTable {
  user_id: number;
  target_type: LikeTarget;
  target_id: number;
  created_at: TimestampDefault;
}

// ---------------------------------------------------------------- chat (006)

export interface ChatGroupsTable {
  id: Id;
  /** fan: an anchor's fan group, with room_id. */
  kind: Default<'group' | 'fan'>;
  owner_id: number;
  room_id: Nullable<number>;
  name: string;
  avatar: string;
  notice: Default<string>;
  max_members: Default<number>;
  is_shown: Default<boolean>;
  created_at: TimestampDefault;
  dissolved_at: NullableTimestamp;
}

export interface ChatGroupMembersTable {
  group_id: number;
  user_id: number;
  role: Default<'owner' | 'admin' | 'member'>;
  muted_until: NullableTimestamp;
  last_read_message_id: Default<number>;
  joined_at: TimestampDefault;
}

export type ChatMessageType = 'text' | 'image' | 'file' | 'custom';

export type ChatPayload =
  | { text: string }
  | { url: string; width: number; height: number }
  | { name: string; url: string; size: number }
  | { data: string; description: string; extension: string };

export interface ChatMessagesTable {
  id: Id;
  sender_id: number;
  /** Exactly one of receiver_id (C2C) and group_id (GROUP). */
  receiver_id: Nullable<number>;
  group_id: Nullable<number>;
  type: ChatMessageType;
  payload: Json<ChatPayload>;
  created_at: TimestampDefault;
  read_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface UserBlocksTable {
  user_id: number;
  target_id: number;
  created_at: TimestampDefault;
}

export interface RedEnvelopesTable {
  id: Id;
  sender_id: number;
  receiver_id: Nullable<number>;
  group_id: Nullable<number>;
  kind: Default<'lucky' | 'equal'>;
  greeting: Default<string>;
  total_amount: Numeric;
  count: number;
  remaining_amount: Numeric;
  remaining_count: number;
  transaction_id: number;
  refund_transaction_id: Nullable<number>;
  created_at: TimestampDefault;
  expires_at: Timestamp;
}

export interface RedEnvelopeClaimsTable {
  envelope_id: number;
  user_id: number;
  amount: Numeric;
  transaction_id: number;
  created_at: TimestampDefault;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: TimestampDefault;
}

/** 011: a site day the simulated feed has planned fixtures for. */
export interface FeedPlannedDaysTable {
  /** YYYY-MM-DD, the site day (UTC+8). */
  day: string;
  planned_at: Timestamp;
}

export interface Database {
  schema_migrations: SchemaMigrationsTable;
  // accounts
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
  follows: FollowsTable;
  sign_in_rewards: SignInRewardsTable;
  sign_ins: SignInsTable;
  tasks: TasksTable;
  user_tasks: UserTasksTable;
  // money
  wallet_accounts: WalletAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  charge_rules: ChargeRulesTable;
  pay_channels: PayChannelsTable;
  orders: OrdersTable;
  bank_cards: BankCardsTable;
  pay_accounts: PayAccountsTable;
  withdrawals: WithdrawalsTable;
  gifts: GiftsTable;
  user_gifts: UserGiftsTable;
  guard_tiers: GuardTiersTable;
  guard_memberships: GuardMembershipsTable;
  barrage_styles: BarrageStylesTable;
  goods: GoodsTable;
  goods_exchanges: GoodsExchangesTable;
  // scores
  leagues: LeaguesTable;
  teams: TeamsTable;
  matches: MatchesTable;
  match_incidents: MatchIncidentsTable;
  feed_planned_days: FeedPlannedDaysTable;
  odds_companies: OddsCompaniesTable;
  match_odds: MatchOddsTable;
  standings: StandingsTable;
  match_collects: MatchCollectsTable;
  // live, experts
  live_categories: LiveCategoriesTable;
  live_rooms: LiveRoomsTable;
  live_records: LiveRecordsTable;
  live_schedules: LiveSchedulesTable;
  live_reservations: LiveReservationsTable;
  live_kickouts: LiveKickoutsTable;
  room_managers: RoomManagersTable;
  room_mutes: RoomMutesTable;
  gift_records: GiftRecordsTable;
  barrage_records: BarrageRecordsTable;
  horns: HornsTable;
  anchor_verifications: AnchorVerificationsTable;
  expert_applications: ExpertApplicationsTable;
  experts: ExpertsTable;
  expert_plans: ExpertPlansTable;
  expert_plan_purchases: ExpertPlanPurchasesTable;
  guess_topics: GuessTopicsTable;
  guess_bets: GuessBetsTable;
  // content
  uploads: UploadsTable;
  headline_categories: HeadlineCategoriesTable;
  headlines: HeadlinesTable;
  portal_posts: PortalPostsTable;
  banners: BannersTable;
  adverts: AdvertsTable;
  push_notices: PushNoticesTable;
  push_notice_reads: PushNoticeReadsTable;
  circles: CirclesTable;
  circle_members: CircleMembersTable;
  circle_posts: CirclePostsTable;
  circle_post_media: CirclePostMediaTable;
  circle_comments: CircleCommentsTable;
  video_categories: VideoCategoriesTable;
  user_video_categories: UserVideoCategoriesTable;
  videos: VideosTable;
  video_comments: VideoCommentsTable;
  video_favorites: VideoFavoritesTable;
  likes: LikesTable;
  // chat
  chat_groups: ChatGroupsTable;
  chat_group_members: ChatGroupMembersTable;
  chat_messages: ChatMessagesTable;
  user_blocks: UserBlocksTable;
  red_envelopes: RedEnvelopesTable;
  red_envelope_claims: RedEnvelopeClaimsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Match = Selectable<MatchesTable>;
export type LiveRoom = Selectable<LiveRoomsTable>;
export type WalletAccount = Selectable<WalletAccountsTable>;
