import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerKind } from '../../db/tables/wallet-tables.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { amountOf, balanceAfter, book, tenthsOf } from '../wallet/wallet-public.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The user's coin balance (lz_num earned by sign-in and tasks). */
export async function coinBalance(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('wallet_accounts')
    .select('balance')
    .where('owner_id', '=', userId)
    .where('kind', '=', 'coins')
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/**
 * Credits coins issued by the site (system_coins to the user's coins) through the ledger service,
 * as one balanced transaction (DESIGN.md, Money). `key` is the transaction's unique idempotency
 * key: a second credit under the same key fails the transaction it is part of. Returns the balance after it.
 */
export async function creditCoins(
  trx: Transaction<Database>,
  server: ServerContext,
  credit: { userId: number; amount: number; kind: LedgerKind & ('sign_in' | 'task'); key: string; meta: Record<string, unknown> },
): Promise<number> {
  const coins = { user: credit.userId, kind: 'coins' } as const;
  const booked = await book(trx, server, {
    key: credit.key,
    kind: credit.kind,
    userId: credit.userId,
    meta: credit.meta,
    postings: [
      { account: { system: 'system_coins' }, tenths: -tenthsOf(credit.amount) },
      { account: coins, tenths: tenthsOf(credit.amount) },
    ],
  });
  return amountOf(balanceAfter(booked, coins));
}
