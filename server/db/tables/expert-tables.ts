import type { Default, Id, Json, JsonDefault, Nullable, NullableNumeric, NullableTimestamp, Numeric, NumericDefault, ReviewStatus, SettlementStatus, Timestamp, TimestampDefault } from './column-types.ts';
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

/** The expert area's tables, by name: composed into Database (server/db/schema.ts). */
export interface ExpertTables {
  expert_applications: ExpertApplicationsTable;
  experts: ExpertsTable;
  expert_plans: ExpertPlansTable;
  expert_plan_purchases: ExpertPlanPurchasesTable;
  guess_topics: GuessTopicsTable;
  guess_bets: GuessBetsTable;
}
