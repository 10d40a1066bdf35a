import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { coinBalance, creditCoins } from './coin-ledger.ts';
import { asDate, dayBefore, dayOf } from './task-day.ts';
import { todaysTasks } from './task-service.ts';

type SignTaskBoard = DataOf<'activityPcSignTaskList'>;
type SignInResult = DataOf<'activityTaskHandleSign'>;

/** The sign-in cycle: the nth consecutive day earns sign_in_rewards[n], then it starts again. */
export const cycleDays = 7;

export const signInMessages = {
  already: 'Already signed in today',
  notToday: "That is not today's sign-in day",
  unavailable: 'Sign-in is not available',
} as const;

/** Position in the cycle of the streak-th consecutive day. */
export function cycleDay(streak: number): number {
  return ((streak - 1) % cycleDays) + 1;
}

async function rewards(server: ServerContext): Promise<Map<number, number>> {
  return server.cache.get('sign_in_rewards', 30_000, async () => {
    const rows = await server.database.db.selectFrom('sign_in_rewards').select(['day_index', 'lz_num']).execute();
    return new Map(rows.map((row) => [row.day_index, row.lz_num]));
  });
}

/** Today's and yesterday's sign-ins of a user, which decide the streak. */
async function recentSignIns(server: ServerContext, userId: number, today: string) {
  const yesterday = dayBefore(today);
  const rows = await server.database.db
    .selectFrom('sign_ins')
    .select((eb) => [eb.cast<string>('day', 'text').as('day'), 'streak'])
    .where('user_id', '=', userId)
    .where('day', 'in', [asDate(today), asDate(yesterday)])
    .execute();
  return {
    today: rows.find((row) => row.day === today)?.streak ?? null,
    yesterday: rows.find((row) => row.day === yesterday)?.streak ?? 0,
  };
}

/** Activity/pcSignTaskList: the cycle's days, whether today is signed, today's tasks (SPEC §3). */
export async function signTaskBoard(server: ServerContext, userId: number, language: Language): Promise<SignTaskBoard> {
  const today = dayOf(server.clock.now());
  const [lzByDay, recent, coins, tasks] = await Promise.all([
    rewards(server),
    recentSignIns(server, userId, today),
    coinBalance(server.database.db, userId),
    todaysTasks(server, userId, language),
  ]);
  const signedToday = recent.today !== null;
  const streak = recent.today ?? recent.yesterday;
  // Days of the current cycle already signed: a finished cycle starts again the next day.
  const signedInCycle = signedToday ? cycleDay(streak) : streak % cycleDays;
  return {
    is_sign: signedToday ? 1 : 0,
    today: signedToday ? cycleDay(streak) : cycleDay(streak + 1),
    sign_days: streak,
    coins,
    days: Array.from({ length: cycleDays }, (_, index) => ({
      day: index + 1,
      is_sign: index < signedInCycle ? 1 : 0,
      lz_num: lzByDay.get(index + 1) ?? 0,
    })),
    tasks,
  };
}

/**
 * Activity/task_handle_sign: once a day per user, the day's coins credited once, even under
 * concurrent clicks: the (user, day) key of sign_ins and the ledger's idempotency key sit in one
 * transaction. The same Idempotency-Key again replays the first answer (openapi.yaml).
 */
export async function signIn(
  server: ServerContext,
  userId: number,
  day: number,
  requestKey: string | undefined,
): Promise<SignInResult> {
  const now = server.clock.now();
  const today = dayOf(now);
  const ledgerKey = `sign_in:${userId}:${today}`;
  const recent = await recentSignIns(server, userId, today);
  if (recent.today === null) {
    const streak = recent.yesterday + 1;
    const position = cycleDay(streak);
    if (day !== position) throw new DomainError(signInMessages.notToday);
    const lzNum = (await rewards(server)).get(position);
    if (!lzNum) throw new DomainError(signInMessages.unavailable);
    const result = await server.database.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('sign_ins')
        .values({ user_id: userId, day: today, streak, lz_num: lzNum, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
        .returning('streak')
        .executeTakeFirst();
      if (!inserted) return null;
      const coins = await creditCoins(trx, server, {
        userId,
        amount: lzNum,
        kind: 'sign_in',
        key: ledgerKey,
        meta: { day: position, streak, date: today, request_key: requestKey ?? null },
      });
      return { day: position, lz_num: lzNum, coins, sign_days: streak };
    });
    if (result) return result;
  }
  return replay(server, userId, today, ledgerKey, requestKey);
}

/** Today is signed already: the first answer when the key is the same, else code 1 (SPEC §5). */
async function replay(
  server: ServerContext,
  userId: number,
  today: string,
  ledgerKey: string,
  requestKey: string | undefined,
): Promise<SignInResult> {
  const { db } = server.database;
  const first = await db
    .selectFrom('ledger_transactions')
    .innerJoin('ledger_entries', 'ledger_entries.transaction_id', 'ledger_transactions.id')
    .innerJoin('wallet_accounts', 'wallet_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_transactions.meta', 'ledger_entries.amount', 'ledger_entries.balance_after'])
    .where('ledger_transactions.idempotency_key', '=', ledgerKey)
    .where('wallet_accounts.owner_id', '=', userId)
    .executeTakeFirst();
  const meta = first?.meta ?? {};
  if (!first || requestKey === undefined || meta.request_key !== requestKey) throw new DomainError(signInMessages.already);
  const signIn = await db
    .selectFrom('sign_ins')
    .select('streak')
    .where('user_id', '=', userId)
    .where('day', '=', asDate(today))
    .executeTakeFirstOrThrow();
  return {
    day: Number(meta.day),
    lz_num: Number(first.amount),
    coins: Number(first.balance_after),
    sign_days: signIn.streak,
  };
}
