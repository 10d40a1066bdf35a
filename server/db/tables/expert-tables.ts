import type { Default, Id, Json, JsonDefault, Nullable, NullableJson, NullableNumeric, NullableTimestamp, Numeric, NumericDefault, ReviewStatus, SettlementStatus, Timestamp, TimestampDefault } from './column-types.ts';
import type { OddsMarket } from './scores-tables.ts';

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

/** A plan's settlement: SettlementStatus and the halves of a quarter line (migration 240). */
export type PlanStatus = SettlementStatus | 'half_won' | 'half_lost';

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
  status: Default<PlanStatus>;
  views: Default<number>;
  published_at: Timestamp;
  settled_at: NullableTimestamp;
  /** SHA-256 (hex) over the published pick, with the nonce (migration 240). */
  seal: string;
  /** Secret until the plan settles, then shown so the seal can be checked. */
  seal_nonce: string;
  settled_home: Nullable<number>;
  settled_away: Nullable<number>;
}

export interface ExpertPlanPurchasesTable {
  plan_id: number;
  user_id: number;
  transaction_id: number;
  created_at: TimestampDefault;
  /** Diamonds paid, held in escrow until the plan settles (migration 240). */
  price: NumericDefault;
  settle_transaction_id: Nullable<number>;
  outcome: Nullable<'paid_out' | 'refunded'>;
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

/** Append-only (migration 240): each entry chained to the one before by its hash. */
export interface AdminAuditLogTable {
  id: Id;
  admin_id: number;
  admin_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: NullableJson<object | string | number | boolean>;
  after: NullableJson<object | string | number | boolean>;
  reason: Default<string>;
  address: string;
  request_id: string;
  created_at: Timestamp;
  prev_hash: string;
  hash: string;
}

/** The expert area's tables, by name: composed into Database (server/db/schema.ts). */
export interface ExpertTables {
  expert_applications: ExpertApplicationsTable;
  experts: ExpertsTable;
  expert_plans: ExpertPlansTable;
  expert_plan_purchases: ExpertPlanPurchasesTable;
  guess_topics: GuessTopicsTable;
  guess_bets: GuessBetsTable;
  admin_audit_log: AdminAuditLogTable;
}
