import type { DataOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { amountOf, balanceAfter, book, idempotent, tenthsOf } from './ledger.ts';

/**
 * Balance/conversionBalance: income to yellow diamonds, 1 to 1, irreversible (SPEC §5; the contract
 * makes `confirm` true). One ledger transaction under the request's Idempotency-Key.
 */
export async function convertIncome(
  server: ServerContext,
  userId: number,
  amount: number,
  key: string | undefined,
): Promise<DataOf<'balanceConversionBalance'>> {
  const tenths = tenthsOf(amount);
  return idempotent(server, { userId, operation: 'balanceConversionBalance', key, params: { tenths } }, async (trx) => {
    const income = { user: userId, kind: 'income' } as const;
    const consumer = { user: userId, kind: 'consumer' } as const;
    const booked = await book(trx, server, {
      key: `conversion:${userId}:${key ?? `${Date.now()}:${Math.random()}`}`,
      kind: 'conversion',
      userId,
      postings: [
        { account: income, tenths: -tenths },
        { account: consumer, tenths },
      ],
    });
    return {
      amount: amountOf(tenths),
      diamonds: amountOf(tenths),
      balance: amountOf(balanceAfter(booked, consumer)),
      income_balance: amountOf(balanceAfter(booked, income)),
    };
  });
}
