import { createHash } from 'node:crypto';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { DomainError } from '../../errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Currency, LedgerKind, SystemWalletKind, UserWalletKind } from '../../db/tables/wallet-tables.ts';
import type { GiftBooking } from '../../ports/gift-queue.ts';
import type { ServerContext } from '../../ports/server-context.ts';

// The one way money moves (DESIGN.md, Money): every movement is one database transaction of
// balanced entries under a unique key; a money call's Idempotency-Key has Stripe's semantics.
// Amounts are whole tenths (0.1 is the smallest unit, SPEC §5) and are written as numeric text.
// The rules every booking meets (never below zero, nets to zero, balance parts, one effect per key) are the
// database's, written once in migration 130: this module books through them, gifts included, and nothing else
// writes ledger rows.

export const ledgerMessages = {
  insufficient: 'Insufficient balance',
  keyReused: 'This Idempotency-Key was already used with other parameters',
  busy: 'The wallet is busy: please try again',
  amount: 'Please enter the transfer amount',
} as const;

export type Trx = Transaction<Database>;

/** Whole tenths of an amount given as a number of the contract (multipleOf 0.1) or a numeric column. */
export function tenthsOf(amount: number | string): number {
  const tenths = Math.round(Number(amount) * 10);
  if (!Number.isSafeInteger(tenths) || Math.abs(Number(amount) * 10 - tenths) > 1e-6) throw new DomainError(ledgerMessages.amount);
  return tenths;
}

/** Numeric text of whole tenths, as the database takes it ('-12.3'). */
export function tenthsText(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const magnitude = Math.abs(tenths);
  return `${sign}${Math.floor(magnitude / 10)}.${magnitude % 10}`;
}

/** The amount as the contract answers it (a JSON number with at most one decimal). */
export function amountOf(tenths: number): number {
  return Number(tenthsText(tenths));
}

export type LedgerAccount = { user: number; kind: UserWalletKind } | { system: SystemWalletKind };

export interface Posting {
  account: LedgerAccount;
  /** Signed whole tenths: positive credits the account, negative debits it. */
  tenths: number;
}

export interface Booking {
  /** The transaction's unique key: a second booking under it fails the database transaction. */
  key: string;
  kind: LedgerKind;
  userId: number | null;
  meta?: Record<string, unknown>;
  postings: Posting[];
}

const coinKinds = new Set(['coins', 'system_opening_coins', 'system_coins']);
const currencyOf = (kind: string): Currency => (coinKinds.has(kind) ? 'coin' : 'diamond');
const accountName = (account: LedgerAccount) => ('user' in account ? `${account.user}:${account.kind}` : `system:${account.system}`);

export interface Booked {
  transactionId: number;
  /** The balance in tenths of each account after the booking, by `user:kind` or `system:kind`. */
  balances: Map<string, number>;
}

/** The balance, in tenths, of one account after a booking. */
export function balanceAfter(booked: Booked, account: LedgerAccount): number {
  return booked.balances.get(accountName(account)) ?? 0;
}

/** Whether the database refused a booking because a user's balance would go below zero (the accounts' check). */
export function isBelowZero(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  const constraint = 'wallet_balance_not_negative';
  return e.code === '23514' && (e.constraint === constraint || String(e.message).includes(constraint));
}

/** A booking whose transaction row is written and whose entries are still to be applied (`apply`). */
export interface PreparedBooking {
  transactionId: number;
  /** Applies the entries, locking each account as it goes; the balances after them. */
  apply(): Promise<Booked>;
}

/**
 * Books balanced entries inside `trx`. The entries go in account order, so two bookings never wait
 * on each other's accounts crosswise; a user balance that would go below zero is refused with a
 * clear message (the accounts' check constraint decides, under the row lock).
 */
export async function book(trx: Trx, server: ServerContext, booking: Booking): Promise<Booked> {
  return (await prepareBooking(trx, server, booking)).apply();
}

/**
 * `book` in two steps: the transaction row first, the entries when the caller applies them. A caller
 * that writes more rows in the same database transaction applies the entries last, so the accounts it
 * credits (an anchor's income, the platform's revenue: one row each, shared by every gift) stay locked
 * only for the last statements and the commit, not for the whole transaction.
 */
export async function prepareBooking(trx: Trx, server: ServerContext, booking: Booking): Promise<PreparedBooking> {
  const sums = new Map<Currency, number>();
  for (const posting of booking.postings) {
    if (!Number.isSafeInteger(posting.tenths) || posting.tenths === 0) throw new Error(`ledger posting of ${posting.tenths} tenths`);
    const kind = 'user' in posting.account ? posting.account.kind : posting.account.system;
    const currency = currencyOf(kind);
    sums.set(currency, (sums.get(currency) ?? 0) + posting.tenths);
  }
  for (const [currency, sum] of sums) if (sum !== 0) throw new Error(`ledger booking ${booking.key} does not balance in ${currency}`);

  const users = booking.postings.flatMap((p) => ('user' in p.account ? [p.account.user] : []));
  const systems = booking.postings.flatMap((p) => ('system' in p.account ? [p.account.system] : []));
  const rows = await trx
    .selectFrom('wallet_accounts')
    .select(['id', 'owner_id', 'kind'])
    .where((eb) =>
      eb.or([
        ...(users.length > 0 ? [eb('owner_id', 'in', users)] : []),
        ...(systems.length > 0 ? [eb.and([eb('owner_id', 'is', null), eb('kind', 'in', systems)])] : []),
      ]),
    )
    .execute();
  const idOf = new Map(rows.map((row) => [row.owner_id === null ? `system:${row.kind}` : `${row.owner_id}:${row.kind}`, Number(row.id)]));
  const entries = booking.postings
    .map((posting) => {
      const id = idOf.get(accountName(posting.account));
      if (id === undefined) throw new Error(`no wallet account ${accountName(posting.account)}`);
      return { id, name: accountName(posting.account), tenths: posting.tenths };
    })
    .sort((a, b) => a.id - b.id);

  const now = server.clock.now();
  const transaction = await trx
    .insertInto('ledger_transactions')
    .values({
      idempotency_key: booking.key,
      kind: booking.kind,
      user_id: booking.userId,
      created_at: now,
      meta: JSON.stringify(booking.meta ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    transactionId: Number(transaction.id),
    async apply() {
      let rows: Array<{ account_id: number | string; balance_after: number | string }>;
      try {
        // All entries in one statement, listed in account order: the trigger locks each account as it applies its
        // row, in that order. One round trip, so the accounts locked first wait on no further call to the database.
        rows = await trx
          .insertInto('ledger_entries')
          .values(entries.map((entry) => ({ transaction_id: transaction.id, account_id: entry.id, amount: tenthsText(entry.tenths), created_at: now })))
          .returning(['account_id', 'balance_after'])
          .execute();
      } catch (error) {
        if (isBelowZero(error)) throw new DomainError(ledgerMessages.insufficient);
        throw error;
      }
      // One entry per account and transaction (the table's unique key): each row names its account.
      const balanceOf = new Map(rows.map((row) => [Number(row.account_id), tenthsOf(row.balance_after)]));
      const balances = new Map(entries.map((entry) => [entry.name, balanceOf.get(entry.id) ?? 0]));
      return { transactionId: Number(transaction.id), balances };
    },
  };
}

/** The balance in tenths of a user's wallet. */
export async function walletTenths(db: Pick<Trx, 'selectFrom'>, userId: number, kind: UserWalletKind): Promise<number> {
  const row = await db.selectFrom('wallet_accounts').select('balance').where('owner_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return tenthsOf(row?.balance ?? 0);
}

const retryableCodes = new Set(['40001', '40P01']);
const maxAttempts = 6;

/**
 * Runs `work` in one database transaction, again when the database gives up on it for a
 * serialization failure or a deadlock (the whole of it: nothing of a failed attempt stays).
 */
export async function moneyTransaction<T>(server: ServerContext, work: (trx: Trx) => Promise<T>): Promise<T> {
  return retryingMoneyCall(() => server.database.db.transaction().execute(work));
}

/**
 * Runs `call` (one database transaction: a `moneyTransaction`, or one statement that is its own transaction),
 * again when the database gives up on it for a serialization failure or a deadlock.
 */
export async function retryingMoneyCall<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !retryableCodes.has(code)) throw error;
      if (attempt >= maxAttempts) throw new DomainError(ledgerMessages.busy);
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}

/** A stable text of the parameters: keys sorted at every level. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What idempotent_requests.params_hash holds for a request: the operation and its canonical parameters, hashed. */
export function paramsHashOf(operation: string, params: Record<string, unknown>): string {
  return createHash('sha256').update(`${operation}\n${canonical(params)}`).digest('hex');
}

export interface IdempotentRequest {
  userId: number;
  /** The contract operation, so one key may serve different calls. */
  operation: string;
  /** The client's Idempotency-Key (the contract requires it on money calls). */
  key: string | undefined;
  /** What the request asks for; secrets (passwords) are left out by the caller. */
  params: Record<string, unknown>;
}

/**
 * Stripe's semantics for a money call: the first request with a key claims it in the same
 * transaction as its effect and stores the hash of its parameters and its answer. The same key with
 * the same parameters answers the stored answer; with other parameters it is refused. A concurrent
 * duplicate waits on the claimed key until the first commits, then answers what it answered; when
 * the first is refused (nothing is stored), the duplicate is decided afresh.
 */
export async function idempotent<T>(server: ServerContext, request: IdempotentRequest, effect: (trx: Trx) => Promise<T>): Promise<T> {
  const { key } = request;
  if (key === undefined) return moneyTransaction(server, effect);
  const paramsHash = paramsHashOf(request.operation, request.params);
  return moneyTransaction(server, async (trx) => {
    const claimed = await trx
      .insertInto('idempotent_requests')
      .values({
        user_id: request.userId,
        operation: request.operation,
        idempotency_key: key,
        params_hash: paramsHash,
        created_at: server.clock.now(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'operation', 'idempotency_key']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) {
      const first = await trx
        .selectFrom('idempotent_requests')
        .select(['params_hash', 'answer'])
        .where('user_id', '=', request.userId)
        .where('operation', '=', request.operation)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      if (first.params_hash !== paramsHash) throw new DomainError(ledgerMessages.keyReused);
      return (first.answer === null ? null : JSON.parse(first.answer)) as T;
    }
    const answer = await effect(trx);
    await trx
      .updateTable('idempotent_requests')
      .set({ answer: JSON.stringify(answer ?? null) })
      .where('user_id', '=', request.userId)
      .where('operation', '=', request.operation)
      .where('idempotency_key', '=', key)
      .execute();
    return answer;
  });
}

/** What the ledger made of one gift of a batch (a row of ledger_book_gifts), by its place in the batch. */
export interface GiftBooked {
  /** The gift's place in the batch, from 1. */
  ord: number;
  /** The answer as stored under the Idempotency-Key (json text); null when refused. */
  answer: string | null;
  replayed: boolean;
  /** gift_key_reused, gift_not_in_backpack or gift_insufficient; null when not refused. */
  refusal: string | null;
  sender_nick: string | null;
  sender_avatar: string | null;
  /** For a gift made now: its record and its room notice (json text, as the answer holds it). */
  record_id: number | string | null;
  notice: string | null;
  /** Whose gift it was, in which room, when. */
  sender: number | string;
  room: number | string;
  made_at: Date;
}

/**
 * The gifts of a batch booked in one database transaction, each under its own keys and decided alone (a refused gift
 * writes nothing and undoes none of the others): rows of `GiftBooked`, to select from in the statement that also
 * writes what the gifts' area stores with them. `inTurn` books them one after another, the rule the batch keeps.
 */
export function giftBookings(bookings: GiftBooking[], comboWindowMs: number, { inTurn = false } = {}): RawBuilder<GiftBooked> {
  const booker = inTurn ? sql.raw('ledger_book_gifts_in_turn') : sql.raw('ledger_book_gifts');
  return sql<GiftBooked>`${booker}(${JSON.stringify(bookings)}::jsonb, ${`${String(comboWindowMs)} milliseconds`}::interval)`;
}
