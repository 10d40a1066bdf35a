import type { DateOnly, Default, Id, Nullable, NullableJson, NullableTimestamp, Timestamp, TimestampDefault } from './column-types.ts';

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
  /** Vietnamese; empty reads as English (migration 540). */
  task_vi: Default<string>;
  description: Default<string>;
  description_en: Default<string>;
  description_vi: Default<string>;
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
  /** When the progress last moved. */
  progressed_at: NullableTimestamp;
}

export interface GoodsTable {
  id: Id;
  name: string;
  name_en: string;
  /** Vietnamese; empty reads as English (migration 540). */
  name_vi: Default<string>;
  image: string;
  description: Default<string>;
  /** The contract's MallGoodsKind (migration 080). */
  kind: 'gift' | 'horn' | 'physical';
  price_coins: number;
  /** null: unlimited. */
  stock: Nullable<number>;
  gift_id: Nullable<number>;
  gift_quantity: Default<number>;
  sort: Default<number>;
  enabled: Default<boolean>;
  description_en: Default<string>;
  description_vi: Default<string>;
  /** Free horns a piece of a horn goods adds. */
  horn_quantity: Default<number>;
  /** The most pieces one user may exchange in all; null: unlimited. */
  limit_per_user: Nullable<number>;
}

export interface GoodsExchangesTable {
  id: Id;
  user_id: number;
  goods_id: number;
  quantity: number;
  coins: number;
  /** The contract's ExchangeRecordStatus: physical goods wait as pending until shipped. */
  status: Default<'completed' | 'pending' | 'shipped'>;
  address: NullableJson<{ name: string; phone: string; address: string }>;
  transaction_id: number;
  created_at: TimestampDefault;
}

/** Free horns bought in the mall (migration 080); they do not expire. */
export interface UserHornsTable {
  user_id: number;
  quantity: number;
  updated_at: TimestampDefault;
}

/** The official activity pages; the one running now is Activity_Config/getActivityUrl's. */
export interface ActivitiesTable {
  id: Id;
  title: string;
  title_en: string;
  /** A site path or an absolute https address. */
  url: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  enabled: Default<boolean>;
  created_at: TimestampDefault;
}

/** The tasks area's tables, by name: composed into Database (server/db/schema.ts). */
export interface TasksTables {
  sign_in_rewards: SignInRewardsTable;
  sign_ins: SignInsTable;
  tasks: TasksTable;
  user_tasks: UserTasksTable;
  goods: GoodsTable;
  goods_exchanges: GoodsExchangesTable;
  user_horns: UserHornsTable;
  activities: ActivitiesTable;
}
