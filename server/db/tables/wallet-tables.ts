import type { ColumnType, Selectable } from 'kysely';
import type { Default, Id, Json, JsonDefault, Nullable, NullableTimestamp, Numeric, NumericDefault, ReviewStatus, TimestampDefault } from './column-types.ts';

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
  | 'adjustment'
  | 'plan_payout'
  | 'plan_refund';

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
  /** Vietnamese; empty reads as English (migration 540). */
  name_vi: Default<string>;
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
  /** The payment port's reference of the payout, set when approved and paid (migration 030). */
  payout_reference: Nullable<string>;
  /** A large withdrawal's first approval, waiting for a second admin (migration 240). */
  first_reviewer_id: Nullable<number>;
}

/** A money call's Idempotency-Key, the hash of its parameters and its first answer (migration 030). */
export interface IdempotentRequestsTable {
  user_id: number;
  operation: string;
  idempotency_key: string;
  params_hash: string;
  answer: Nullable<string>;
  created_at: TimestampDefault;
}

export type PaymentNoticeOutcome = 'credited' | 'repeated' | 'cancelled' | 'bad_signature' | 'bad_amount' | 'unknown_order' | 'not_pending';

export interface PaymentNoticesTable {
  id: Id;
  channel: string;
  order_no: string;
  outcome: PaymentNoticeOutcome;
  created_at: TimestampDefault;
}

/**
 * Parts of a wallet's balance (migration 100): credits to an income wallet and entries of the system accounts,
 * spread so gifts to one anchor do not wait on one row; only the ledger trigger writes them.
 */
export interface WalletBalancePartsTable {
  account_id: number;
  part: number;
  balance: ColumnType<number, never, never>;
}

export type WalletAccount = Selectable<WalletAccountsTable>;

/** The wallet area's tables, by name: composed into Database (server/db/schema.ts). */
export interface WalletTables {
  wallet_accounts: WalletAccountsTable;
  wallet_balance_parts: WalletBalancePartsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  charge_rules: ChargeRulesTable;
  pay_channels: PayChannelsTable;
  orders: OrdersTable;
  bank_cards: BankCardsTable;
  pay_accounts: PayAccountsTable;
  withdrawals: WithdrawalsTable;
  idempotent_requests: IdempotentRequestsTable;
  payment_notices: PaymentNoticesTable;
}
