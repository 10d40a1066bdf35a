import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultOf, type PlanTerms } from '../../src/machines/plan-settlement-machine.ts';
import { abandonedAfterMs, settleDuePlans, settlePlan } from '../../server/areas/expert/plan-settlement-service.ts';
import { buyPlan } from '../../server/areas/expert/plan-service.ts';
import { book } from '../../server/areas/wallet/ledger.ts';
import { createLoggedInUser, openWallet } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Settlement over many simulated days of plans (fast-check): each day's matches end (or are
// abandoned), every plan on them settles exactly once, its result follows the score and the market,
// void refunds every buyer, a lost plan refunds only under the site's rule, a settlement cut off in
// its middle leaves nothing half done, and the ledger nets to zero throughout.

const termsArbitrary: fc.Arbitrary<PlanTerms> = fc.oneof(
  fc.record({ market: fc.constant('europe' as const), pick: fc.constantFrom('home' as const, 'draw' as const, 'away' as const), line: fc.constant(null) }),
  fc.record({ market: fc.constant('asia' as const), pick: fc.constantFrom('home' as const, 'away' as const), line: fc.integer({ min: -8, max: 8 }).map((q) => q / 4) }),
  fc.record({ market: fc.constant('over_under' as const), pick: fc.constantFrom('over' as const, 'under' as const), line: fc.integer({ min: 6, max: 18 }).map((q) => q / 4) }),
);

const dayArbitrary = fc.record({
  refundOnLoss: fc.boolean(),
  matches: fc.array(
    fc.record({
      home: fc.nat(5),
      away: fc.nat(5),
      abandoned: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
      plans: fc.array(fc.record({ terms: termsArbitrary, price: fc.constantFrom(0, 10, 25), buyers: fc.subarray([0, 1, 2]) }), { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  // A settlement that dies after this many plans of the day (the rest of its transaction lost).
  crashAfter: fc.option(fc.nat(3)),
});

describe('plan settlement over simulated days', () => {
  let server: TestServer;
  let experts: number[];
  let buyers: number[];
  let template: { league_id: number; season: string; home_team_id: number; away_team_id: number };
  let day = 0;
  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    experts = (await db.selectFrom('experts').select('user_id').where('sport', '=', 'football').limit(3).execute()).map((row) => Number(row.user_id));
    buyers = [];
    for (let i = 0; i < 3; i++) {
      const user = await createLoggedInUser(server, { mobile: `86-1998000${String(i).padStart(4, '0')}`, nickname: `买家${i}`, invitePrefix: 'BUY' });
      await openWallet(server, user.id, 'consumer', 100_000);
      buyers.push(user.id);
    }
    const match = await db.selectFrom('matches').select(['league_id', 'season', 'home_team_id', 'away_team_id']).where('sport', '=', 'football').limit(1).executeTakeFirstOrThrow();
    template = { league_id: Number(match.league_id), season: match.season, home_team_id: Number(match.home_team_id), away_team_id: Number(match.away_team_id) };
  });
  afterAll(() => server.close());

  it('settles every plan once, as the score and market say, and the ledger nets to zero', async () => {
    const { db } = server.database;
    const context = server.app.serverContext;
    await fc.assert(
      fc.asyncProperty(dayArbitrary, async (plan) => {
        day++;
        await db.updateTable('site_config').set({ value: JSON.stringify(plan.refundOnLoss) }).where('key', '=', 'plan_refund_on_loss').execute();
        const kickoff = new Date(context.clock.now().getTime() + 60 * 60 * 1000);
        const made: Array<{ id: number; terms: PlanTerms; price: number; buyers: number[]; home: number; away: number; abandoned: boolean; matchId: number }> = [];
        for (const match of plan.matches) {
          const row = await db
            .insertInto('matches')
            .values({ sport: 'football', ...template, start_time: kickoff })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const [index, planned] of match.plans.entries()) {
            const created = await db
              .insertInto('expert_plans')
              .values({
                expert_id: experts[index % experts.length]!,
                match_id: row.id,
                market: planned.terms.market,
                pick: planned.terms.pick,
                line: planned.terms.line,
                odds: 1.9,
                title: `第${day}天的方案`,
                analysis: '属性测试生成的分析文字',
                price: planned.price,
                published_at: context.clock.now(),
                seal: randomBytes(32).toString('hex'),
                seal_nonce: 'n',
              })
              .onConflict((conflict) => conflict.columns(['expert_id', 'match_id', 'market']).doNothing())
              .returning('id')
              .executeTakeFirst();
            if (!created) continue;
            const buying = planned.price > 0 ? planned.buyers.map((b) => buyers[b]!) : [];
            for (const buyer of buying) await buyPlan(context, buyer, Number(created.id), `day${day}-${String(created.id)}-${buyer}`, 'zh');
            made.push({ id: Number(created.id), terms: planned.terms, price: planned.price, buyers: buying, home: match.home, away: match.away, abandoned: match.abandoned, matchId: Number(row.id) });
          }
          // The final whistle, or a match that never got played.
          if (match.abandoned) {
            await db.updateTable('matches').set({ start_time: new Date(context.clock.now().getTime() - abandonedAfterMs - 60_000) }).where('id', '=', row.id).execute();
          } else {
            await db.updateTable('matches').set({ status: 'over', phase: 'full_time', home_score: match.home, away_score: match.away }).where('id', '=', row.id).execute();
          }
        }
        // A settlement cut off in the middle of a plan: its transaction fails after the plan's row changed.
        if (plan.crashAfter !== null && made[plan.crashAfter]) {
          const victim = made[plan.crashAfter]!;
          await expect(
            db.transaction().execute(async (trx) => {
              await trx.updateTable('expert_plans').set({ status: 'void', settled_at: context.clock.now() }).where('id', '=', victim.id).execute();
              await book(trx, context, { key: `half-done:${victim.id}`, kind: 'plan_refund', userId: null, postings: [{ account: { system: 'system_escrow' }, tenths: -1 }, { account: { system: 'system_revenue' }, tenths: 1 }] });
              throw new Error('killed');
            }),
          ).rejects.toThrow('killed');
          const after = await db.selectFrom('expert_plans').select('status').where('id', '=', victim.id).executeTakeFirstOrThrow();
          expect(after.status).toBe('to_be_settled');
        }
        const matchIds = [...new Set(made.map((m) => m.matchId))];
        await settleDuePlans(context, matchIds);
        // Again, as a restarted process or a second feed event would: nothing settles twice.
        expect(await settleDuePlans(context, matchIds)).toBe(0);
        for (const m of made) expect(await settlePlan(context, m.id)).toBe(false);
        for (const m of made) {
          const row = await db.selectFrom('expert_plans').select(['status', 'settled_home', 'settled_away']).where('id', '=', m.id).executeTakeFirstOrThrow();
          const expected = m.abandoned ? 'void' : resultOf(m.terms, m.home, m.away);
          expect(row.status).toBe(expected);
          const purchases = await db.selectFrom('expert_plan_purchases').select(['user_id', 'outcome', 'settle_transaction_id']).where('plan_id', '=', m.id).execute();
          expect(purchases.length).toBe(m.buyers.length);
          const refunded = expected === 'void' || (expected === 'lost' && plan.refundOnLoss);
          for (const purchase of purchases) {
            expect(purchase.outcome).toBe(refunded ? 'refunded' : 'paid_out');
            const entries = await db
              .selectFrom('ledger_entries as e')
              .innerJoin('wallet_accounts as a', 'a.id', 'e.account_id')
              .select(['a.owner_id', 'a.kind', 'e.amount'])
              .where('e.transaction_id', '=', purchase.settle_transaction_id!)
              .execute();
            const buyerBack = entries.filter((e) => Number(e.owner_id) === Number(purchase.user_id) && e.kind === 'consumer').reduce((s, e) => s + Number(e.amount), 0);
            expect(buyerBack).toBe(refunded ? m.price : 0);
          }
        }
        const escrowHeld = await db
          .selectFrom('expert_plan_purchases')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('outcome', 'is', null)
          .where('plan_id', 'in', made.length ? made.map((m) => m.id) : [0])
          .executeTakeFirstOrThrow();
        expect(Number(escrowHeld.n)).toBe(0);
      }),
      { numRuns: 25 },
    );
    await expectLedgerSound(server);
  });
});
