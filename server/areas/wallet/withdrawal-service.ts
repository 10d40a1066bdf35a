import type { Selectable } from 'kysely';
import { reviewAllows, type ReviewDecision } from '../../../src/machines/withdrawal-review-machine.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { WithdrawalDestination, WithdrawalsTable } from '../../db/tables/wallet-tables.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { amountOf, book, idempotent, tenthsOf, type Trx } from './ledger.ts';
import { checkPaymentPassword } from './payment-password-service.ts';
import { maskAccount, maskCard } from './payout-account-service.ts';
import { walletMessages } from './wallet-messages.ts';
import { noticeMessages, notifyUser } from '../content/content-public.ts';

type Withdrawal = Selectable<WithdrawalsTable>;
type Record = DataOf<'balanceApplyForWithdrawal'>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function recordOf(row: Withdrawal): Record {
  const destination = row.destination;
  return {
    id: Number(row.id),
    amount: Number(row.amount),
    account_type: row.method === 'bank_card' ? 'bank_card' : 'payment_account',
    account:
      destination.method === 'bank_card'
        ? `${destination.bank_name ?? ''} ${maskCard(destination.account)}`.trim()
        : maskAccount(destination.account),
    status: row.status,
    reason: row.status === 'audit_failure' ? row.review_note : null,
    created_at: seconds(row.created_at),
    reviewed_at: row.reviewed_at ? seconds(row.reviewed_at) : null,
  };
}

async function destinationOf(server: ServerContext, userId: number, method: 'bank_card' | 'alipay'): Promise<WithdrawalDestination> {
  const { db } = server.database;
  if (method === 'bank_card') {
    const card = await db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!card) throw new DomainError(walletMessages.noPayoutAccount);
    return { method, real_name: card.real_name, account: card.card_number, bank_name: card.bank_name };
  }
  const account = await db.selectFrom('pay_accounts').selectAll().where('user_id', '=', userId).where('kind', '=', 'alipay').executeTakeFirst();
  if (!account) throw new DomainError(walletMessages.noPayoutAccount);
  return { method, real_name: account.real_name, account: account.account };
}

/**
 * Balance/applyForWithdrawal: behind the payment password, to the bound card or account; the amount
 * leaves the income wallet at once (held in system_withdrawal) and the withdrawal waits for review.
 */
export async function applyForWithdrawal(
  server: ServerContext,
  userId: number,
  input: InputOf<'balanceApplyForWithdrawal'>,
  key: string | undefined,
): Promise<Record> {
  const tenths = tenthsOf(input.amount);
  const method = input.account_type === 'payment_account' ? 'alipay' : 'bank_card';
  await checkPaymentPassword(server, userId, input.payment_password);
  const destination = await destinationOf(server, userId, method);
  return idempotent(server, { userId, operation: 'balanceApplyForWithdrawal', key, params: { tenths, method } }, async (trx) => {
    const booked = await book(trx, server, {
      key: `withdrawal:${userId}:${key ?? `${Date.now()}:${Math.random()}`}`,
      kind: 'withdrawal',
      userId,
      postings: [
        { account: { user: userId, kind: 'income' }, tenths: -tenths },
        { account: { system: 'system_withdrawal' }, tenths },
      ],
    });
    const row = await trx
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        amount: amountOf(tenths),
        method,
        destination: JSON.stringify(destination),
        hold_transaction_id: booked.transactionId,
        created_at: server.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return recordOf(row);
  });
}

/** Balance/withdrawalList: own withdrawals, newest first. */
export async function withdrawalList(
  server: ServerContext,
  userId: number,
  input: InputOf<'balanceWithdrawalList'>,
): Promise<DataOf<'balanceWithdrawalList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  let query = server.database.db.selectFrom('withdrawals').where('user_id', '=', userId);
  if (input.status) query = query.where('status', '=', input.status);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map(recordOf) };
}

type AdminRecord = DataOf<'adminReviewWithdrawal'>;

async function adminRecord(trx: Pick<Trx, 'selectFrom'>, row: Withdrawal): Promise<AdminRecord> {
  const user = await trx.selectFrom('users').select('user_nickname').where('id', '=', row.user_id).executeTakeFirstOrThrow();
  return { ...recordOf(row), user_id: Number(row.user_id), user_nickname: user.user_nickname };
}

/** admin/withdrawalList: every user's withdrawals in one status, oldest first (the review queue). */
export async function adminWithdrawalList(server: ServerContext, input: InputOf<'adminWithdrawalList'>): Promise<DataOf<'adminWithdrawalList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const status = input.status ?? 'under_review';
  const { db } = server.database;
  const query = db.selectFrom('withdrawals').innerJoin('users', 'users.id', 'withdrawals.user_id').where('withdrawals.status', '=', status);
  const [rows, total] = await Promise.all([
    query
      .selectAll('withdrawals')
      .select('users.user_nickname')
      .orderBy('withdrawals.created_at', status === 'under_review' ? 'asc' : 'desc')
      .orderBy('withdrawals.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    page,
    limit,
    list: rows.map((row) => ({ ...recordOf(row), user_id: Number(row.user_id), user_nickname: row.user_nickname })),
  };
}

/**
 * admin/reviewWithdrawal: the review machine's graph decides whether the status may change (only
 * under review; a refusal needs a reason). Approval pays out through the payment port; refusal
 * returns the held amount (system_withdrawal to income) in the same transaction as the status.
 */
export async function reviewWithdrawal(
  server: ServerContext,
  reviewerId: number,
  input: InputOf<'adminReviewWithdrawal'>,
  key: string | undefined,
  record: (trx: Trx, action: string, before: AdminRecord, after: AdminRecord) => Promise<void> = async () => {},
): Promise<AdminRecord> {
  const decision: ReviewDecision =
    input.decision === 'approve' ? { type: 'review.approve' } : { type: 'review.refuse', reason: input.reason ?? '' };
  return idempotent(server, { userId: reviewerId, operation: 'adminReviewWithdrawal', key, params: { ...input } }, async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!row) throw new DomainError(walletMessages.withdrawalNotFound);
    if (!reviewAllows(row.status, decision)) {
      throw new DomainError(row.status === 'under_review' ? walletMessages.reasonNeeded : walletMessages.reviewedAlready);
    }
    const now = server.clock.now();
    const before = await adminRecord(trx, row);
    if (decision.type === 'review.approve') {
      if (!server.payments.payouts) throw new DomainError(walletMessages.payoutsNotConfigured);
      // A withdrawal above the site's setting is paid only on a second admin's approval.
      const limit = await trx.selectFrom('site_config').select('value').where('key', '=', 'withdrawal_second_review_above').executeTakeFirst();
      if (limit && tenthsOf(row.amount) > tenthsOf(Number(limit.value))) {
        if (row.first_reviewer_id === null) {
          const held = await trx.updateTable('withdrawals').set({ first_reviewer_id: reviewerId }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
          const after = await adminRecord(trx, held);
          await record(trx, 'withdrawal.first_approval', before, after);
          return after;
        }
        if (Number(row.first_reviewer_id) === reviewerId) throw new DomainError(walletMessages.secondAdminNeeded);
      }
      const payout = await server.payments.payouts.payout({
        withdrawalId: Number(row.id),
        tenths: tenthsOf(row.amount),
        destination: row.destination,
      });
      const updated = await trx
        .updateTable('withdrawals')
        .set({ status: 'audit_successful', reviewer_id: reviewerId, reviewed_at: now, payout_reference: payout.reference })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await notifyUser(trx, row.user_id, {
        kind: 'review',
        title: noticeMessages.withdrawalPaid,
        content: noticeMessages.withdrawalPaidBody,
        link: '/member?type=1',
        at: now,
      });
      const after = await adminRecord(trx, updated);
      await record(trx, 'withdrawal.approve', before, after);
      return after;
    }
    const refund = await book(trx, server, {
      key: `withdrawal_refund:${row.id}`,
      kind: 'withdrawal_refund',
      userId: row.user_id,
      meta: { withdrawal_id: Number(row.id) },
      postings: [
        { account: { system: 'system_withdrawal' }, tenths: -tenthsOf(row.amount) },
        { account: { user: row.user_id, kind: 'income' }, tenths: tenthsOf(row.amount) },
      ],
    });
    const updated = await trx
      .updateTable('withdrawals')
      .set({
        status: 'audit_failure',
        reviewer_id: reviewerId,
        reviewed_at: now,
        review_note: decision.reason.trim(),
        refund_transaction_id: refund.transactionId,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await notifyUser(trx, row.user_id, { kind: 'review', title: noticeMessages.withdrawalRefused, content: decision.reason.trim(), link: '/member?type=1', at: now });
    const after = await adminRecord(trx, updated);
    await record(trx, 'withdrawal.refuse', before, after);
    return after;
  });
}
