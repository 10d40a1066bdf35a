import type { Kysely, Transaction } from 'kysely';
import type { Database, LedgerKind } from '../../db/schema.ts';
import type { ServerContext } from '../../server-context.ts';

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
 * Credits coins issued by the site (system_coins to the user's coins) as one balanced ledger
 * transaction (DESIGN.md, Money). `key` is the transaction's unique idempotency key: a second
 * credit under the same key fails the transaction it is part of. Returns the balance after it.
 */
export async function creditCoins(
  trx: Transaction<Database>,
  server: ServerContext,
  credit: { userId: number; amount: number; kind: LedgerKind & ('sign_in' | 'task'); key: string; meta: Record<string, unknown> },
): Promise<number> {
  const accounts = await trx
    .selectFrom('wallet_accounts')
    .select(['id', 'kind'])
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_id', '=', credit.userId), eb('kind', '=', 'coins')]),
        eb.and([eb('owner_id', 'is', null), eb('kind', '=', 'system_coins')]),
      ]),
    )
    .execute();
  const userAccount = accounts.find((account) => account.kind === 'coins');
  const systemAccount = accounts.find((account) => account.kind === 'system_coins');
  if (!userAccount || !systemAccount) throw new Error(`coin accounts missing for user ${credit.userId}`);
  const now = server.clock.now();
  const transaction = await trx
    .insertInto('ledger_transactions')
    .values({
      idempotency_key: credit.key,
      kind: credit.kind,
      user_id: credit.userId,
      created_at: now,
      meta: JSON.stringify(credit.meta),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entries = await trx
    .insertInto('ledger_entries')
    .values([
      { transaction_id: transaction.id, account_id: systemAccount.id, amount: -credit.amount, created_at: now },
      { transaction_id: transaction.id, account_id: userAccount.id, amount: credit.amount, created_at: now },
    ])
    .returning(['account_id', 'balance_after'])
    .execute();
  return Number(entries.find((entry) => entry.account_id === userAccount.id)?.balance_after ?? 0);
}
