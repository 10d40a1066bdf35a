import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.ts';

/**
 * The ledger's invariants (DESIGN.md, Money), checked after a money test file: the entries net to
 * zero per currency, every balance (the account's and its parts', migration 100) is the sum of its entries,
 * and no user balance, nor any part of one, is below zero.
 */
export async function expectLedgerSound(server: { database: DatabaseHandle }): Promise<void> {
  const { db } = server.database;
  const nets = await sql<{ currency: string; net: string }>`
    select a.currency, sum(e.amount)::text as net
      from ledger_entries e join wallet_accounts a on a.id = e.account_id
      group by a.currency`.execute(db);
  for (const row of nets.rows) expect({ currency: row.currency, net: Number(row.net) }).toEqual({ currency: row.currency, net: 0 });
  const drift = await sql<{ id: number }>`
    select a.id from wallet_accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
      left join (select account_id, sum(balance) as total from wallet_balance_parts group by account_id) p on p.account_id = a.id
      where a.balance + coalesce(p.total, 0) <> coalesce(s.total, 0)`.execute(db);
  expect(drift.rows).toEqual([]);
  const negative = await db.selectFrom('wallet_accounts').select('id').where('owner_id', 'is not', null).where('balance', '<', 0).execute();
  expect(negative).toEqual([]);
  const negativeParts = await db
    .selectFrom('wallet_balance_parts')
    .innerJoin('wallet_accounts', 'wallet_accounts.id', 'wallet_balance_parts.account_id')
    .select('wallet_balance_parts.account_id')
    .where('wallet_accounts.owner_id', 'is not', null)
    .where('wallet_balance_parts.balance', '<', 0)
    .execute();
  expect(negativeParts).toEqual([]);
}
