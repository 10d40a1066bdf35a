import { settlementOf, type PlanSettlementEvent } from '../../../src/machines/plan-settlement-machine.ts';
import type { FeedEvent } from '../../ports/match-feed.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { book, moneyTransaction, tenthsOf, type Posting } from '../wallet/wallet-public.ts';

// Plans settle when the feed ends their match: each plan in one database transaction with every
// buyer's money, so a process killed in the middle leaves each plan either wholly settled or
// untouched, and the sweep at start-up finishes what was left. The settlement machine decides the
// result; the ledger moves the escrow on to the expert and the platform, or back to the buyers.

/** A match neither played nor over this long after its kick-off was cancelled or abandoned: its plans are void. */
export const abandonedAfterMs = 12 * 60 * 60 * 1000;

async function settlementRules(server: ServerContext) {
  const rows = await server.database.db
    .selectFrom('site_config')
    .select(['key', 'value'])
    .where('key', 'in', ['plan_expert_share', 'plan_refund_on_loss'])
    .execute();
  const share = Number(rows.find((row) => row.key === 'plan_expert_share')?.value ?? 0.7);
  return {
    expertShare: Number.isFinite(share) && share >= 0 && share <= 1 ? share : 0.7,
    refundOnLoss: rows.find((row) => row.key === 'plan_refund_on_loss')?.value === true,
  };
}

/** Settles one plan if its match has ended (or was abandoned); answers whether this call settled it. */
export async function settlePlan(server: ServerContext, planId: number): Promise<boolean> {
  const rules = await settlementRules(server);
  return moneyTransaction(server, async (trx) => {
    const plan = await trx
      .selectFrom('expert_plans as p')
      .innerJoin('matches as m', 'm.id', 'p.match_id')
      .select(['p.id', 'p.expert_id', 'p.market', 'p.pick', 'p.line', 'p.status', 'm.status as match_status', 'm.home_score', 'm.away_score', 'm.start_time'])
      .where('p.id', '=', planId)
      .forUpdate('p')
      .executeTakeFirst();
    if (!plan || plan.status !== 'to_be_settled') return false;
    const now = server.clock.now();
    let event: PlanSettlementEvent;
    if (plan.match_status === 'over') event = { type: 'match.ended', home: plan.home_score, away: plan.away_score };
    else if (now.getTime() - new Date(plan.start_time).getTime() > abandonedAfterMs) event = { type: 'match.abandoned' };
    else return false;
    const terms = { market: plan.market, pick: plan.pick, line: plan.line === null ? null : Number(plan.line) };
    const result = settlementOf(terms, 'to_be_settled', event);
    if (!result) return false;
    await trx
      .updateTable('expert_plans')
      .set({
        status: result,
        settled_at: now,
        settled_home: event.type === 'match.ended' ? event.home : null,
        settled_away: event.type === 'match.ended' ? event.away : null,
      })
      .where('id', '=', plan.id)
      .execute();
    const refund = result === 'void' || (result === 'lost' && rules.refundOnLoss);
    const purchases = await trx
      .selectFrom('expert_plan_purchases')
      .select(['user_id', 'price'])
      .where('plan_id', '=', plan.id)
      .where('outcome', 'is', null)
      .orderBy('user_id')
      .execute();
    for (const purchase of purchases) {
      const paid = tenthsOf(purchase.price);
      if (paid === 0) continue;
      const expertPart = Math.floor(paid * rules.expertShare);
      const postings: Posting[] = refund
        ? [
            { account: { system: 'system_escrow' }, tenths: -paid },
            { account: { user: purchase.user_id, kind: 'consumer' }, tenths: paid },
          ]
        : [
            { account: { system: 'system_escrow' }, tenths: -paid },
            ...(expertPart > 0 ? [{ account: { user: Number(plan.expert_id), kind: 'income' as const }, tenths: expertPart }] : []),
            ...(paid - expertPart > 0 ? [{ account: { system: 'system_revenue' as const }, tenths: paid - expertPart }] : []),
          ];
      const booked = await book(trx, server, {
        key: `plan_settle:${plan.id}:${purchase.user_id}`,
        kind: refund ? 'plan_refund' : 'plan_payout',
        userId: refund ? purchase.user_id : Number(plan.expert_id),
        meta: { plan_id: Number(plan.id), result },
        postings,
      });
      await trx
        .updateTable('expert_plan_purchases')
        .set({ outcome: refund ? 'refunded' : 'paid_out', settle_transaction_id: booked.transactionId })
        .where('plan_id', '=', plan.id)
        .where('user_id', '=', purchase.user_id)
        .execute();
    }
    return true;
  });
}

/** Settles every open plan of the matches given (or of every ended or abandoned match); answers how many settled. */
export async function settleDuePlans(server: ServerContext, matchIds?: number[]): Promise<number> {
  if (matchIds && matchIds.length === 0) return 0;
  let query = server.database.db
    .selectFrom('expert_plans as p')
    .innerJoin('matches as m', 'm.id', 'p.match_id')
    .select('p.id')
    .where('p.status', '=', 'to_be_settled');
  query = matchIds
    ? query.where('p.match_id', 'in', matchIds)
    : query.where((eb) => eb.or([eb('m.status', '=', 'over'), eb('m.start_time', '<', new Date(server.clock.now().getTime() - abandonedAfterMs))]));
  const plans = await query.orderBy('p.id').execute();
  let settled = 0;
  for (const plan of plans) if (await settlePlan(server, Number(plan.id))) settled++;
  return settled;
}

/**
 * Settles plans as the feed this process plays ends their matches, after first settling what ended
 * while the site was down (or in a settlement a crash cut short). Answers the unsubscribe.
 */
export async function watchMatchEnds(server: ServerContext): Promise<() => void> {
  const { feed } = server;
  if (!feed) return () => undefined;
  let queue = settleDuePlans(server).catch((error: unknown) => {
    server.log.warn({ err: error }, 'plan settlement sweep failed');
    return 0;
  });
  const unsubscribe = feed.subscribe((event: FeedEvent) => {
    if (event.type !== 'played' || event.finished.length === 0) return;
    const ended = event.finished.map((match) => Number(match.id));
    // One settlement at a time, in the order the matches ended.
    queue = queue.then(() =>
      settleDuePlans(server, ended).catch((error: unknown) => {
        server.log.warn({ err: error, matches: ended }, 'plan settlement failed');
        return 0;
      }),
    );
  });
  return () => {
    unsubscribe();
  };
}
