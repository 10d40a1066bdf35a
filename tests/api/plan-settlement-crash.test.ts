import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resultOf } from '../../src/machines/plan-settlement-machine.ts';
import { buyPlan } from '../../server/areas/expert/plan-service.ts';
import { book } from '../../server/areas/wallet/ledger.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import type { ServerContext } from '../../server/ports/server-context.ts';
import { freePort } from '../free-port.ts';
import { exited, killLeftover, prepareSiteData, startSite, type SiteData } from './crashable-site.ts';
import { expectLedgerSound } from './ledger-invariants.ts';

// The real server process (server/main.ts) settles the plans of matches that ended while it was
// down, and is killed with SIGKILL in the middle of it; started again, it finishes the rest. Every
// plan settles once, every buyer's money moves once, and the ledger still nets to zero.

const template = inject('databaseTemplate');
const planCount = 60;
const buyersPerPlan = 8;

const siteSettings = { DEMO_AIR_MS: '0' };

const settledCount = async (db: DatabaseHandle['db'], ids: number[]) =>
  Number((await db.selectFrom('expert_plans').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).where('status', '<>', 'to_be_settled').executeTakeFirstOrThrow()).n);

describe('plan settlement cut by kill -9 of the server', () => {
  let data: SiteData;
  let site: ChildProcess | undefined;
  const plans: Array<{ id: number; market: 'asia' | 'over_under' | 'europe'; pick: 'home' | 'away' | 'over' | 'under' | 'draw'; line: number | null; home: number; away: number }> = [];

  beforeAll(async () => {
    data = await prepareSiteData('settle_crash');
    const database = await data.open();
    const { db } = database;
    // Only what the ledger and the plan service read of a server: the database and a clock.
    const context = { database, clock: { now: () => new Date() } } as unknown as ServerContext;
    const experts = (await db.selectFrom('experts').select('user_id').where('sport', '=', 'football').execute()).map((row) => Number(row.user_id));
    const match = await db.selectFrom('matches').select(['league_id', 'season', 'home_team_id', 'away_team_id']).where('sport', '=', 'football').limit(1).executeTakeFirstOrThrow();
    const buyers: number[] = [];
    for (let i = 0; i < buyersPerPlan; i++) {
      const user = await db
        .insertInto('users')
        .values({ mobile: `86-1996500${String(i).padStart(4, '0')}`, password_hash: 'scrypt$not-a-real-hash', user_nickname: `买家${i}`, avatar: '/media/avatars/1.svg', invite_code: `KIL${randomBytes(3).toString('hex').toUpperCase()}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      buyers.push(Number(user.id));
      await db.transaction().execute((trx) =>
        book(trx, context, { key: `crash-opening:${user.id}`, kind: 'opening', userId: Number(user.id), postings: [{ account: { system: 'system_opening' }, tenths: -100_000 }, { account: { user: Number(user.id), kind: 'consumer' }, tenths: 100_000 }] }),
      );
    }
    const markets = [
      { market: 'asia', pick: 'home', line: -0.25 },
      { market: 'asia', pick: 'away', line: -0.75 },
      { market: 'over_under', pick: 'over', line: 2.25 },
      { market: 'europe', pick: 'draw', line: null },
    ] as const;
    for (let i = 0; i < planCount; i++) {
      const row = await db.insertInto('matches').values({ sport: 'football', league_id: match.league_id, season: match.season, home_team_id: match.home_team_id, away_team_id: match.away_team_id, start_time: new Date(Date.now() + 3_600_000) }).returning('id').executeTakeFirstOrThrow();
      const terms = markets[i % markets.length]!;
      const plan = await db
        .insertInto('expert_plans')
        .values({ expert_id: experts[i % experts.length]!, match_id: row.id, ...terms, odds: 1.9, title: `断电测试方案${i}`, analysis: '断电测试', price: 10, published_at: new Date(), seal: randomBytes(32).toString('hex'), seal_nonce: 'n' })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const buyer of buyers) await buyPlan(context, buyer, Number(plan.id), `crash-${String(plan.id)}-${buyer}`, 'zh');
      const home = i % 3;
      const away = (i >> 1) % 3;
      await db.updateTable('matches').set({ status: 'over', phase: 'full_time', home_score: home, away_score: away }).where('id', '=', row.id).execute();
      plans.push({ id: Number(plan.id), ...terms, home, away });
    }
    await database.close();
  }, 240_000);

  afterAll(async () => {
    await killLeftover(site);
    await data.dispose();
  });

  it('settles each plan once across a SIGKILL and a restart, and the ledger nets to zero', async () => {
    const ids = plans.map((plan) => plan.id);
    site = startSite(data, await freePort(), siteSettings);
    if (template.kind === 'postgres') {
      // Killed once some plans, but not all, are settled.
      const watcher = await data.open();
      for (const giveUp = Date.now() + 90_000; ; ) {
        const settled = await settledCount(watcher.db, ids);
        if (settled > 0) break;
        if (Date.now() > giveUp) throw new Error('nothing settled within 90 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      site.kill('SIGKILL');
      await exited(site);
      const atKill = await settledCount(watcher.db, ids);
      // In the middle: measured 1 of 60 plans settled when the process died.
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(ids.length);
      await watcher.close();
    } else {
      // PGlite holds its directory alone: the kill lands at a moment of the start-up and its sweep.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      site.kill('SIGKILL');
      await exited(site);
    }
    const port = await freePort();
    site = startSite(data, port, siteSettings);
    const check = template.kind === 'postgres' ? await data.open() : null;
    if (check) {
      for (const giveUp = Date.now() + 90_000; (await settledCount(check.db, ids)) < ids.length; ) {
        if (Date.now() > giveUp) throw new Error('the restarted server did not settle every plan');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await check.close();
    } else {
      // Asked of the restarted site itself, which holds the directory.
      const status = async (id: number) => {
        try {
          const answer = (await (await fetch(`http://127.0.0.1:${String(port)}/api/expert/planDetail?id=${String(id)}`)).json()) as { data?: { status: string } };
          return answer.data?.status ?? 'unknown';
        } catch {
          return 'unknown';
        }
      };
      for (const giveUp = Date.now() + 90_000; ; ) {
        const statuses = await Promise.all(ids.map(status));
        if (statuses.every((value) => value !== 'unknown' && value !== 'to_be_settled')) break;
        if (Date.now() > giveUp) throw new Error('the restarted server did not settle every plan');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    site.kill('SIGTERM');
    await exited(site);
    site = undefined;

    const database = await data.open();
    try {
      const { db } = database;
      expect(await settledCount(db, ids)).toBe(ids.length);
      for (const plan of plans) {
        const row = await db.selectFrom('expert_plans').select('status').where('id', '=', plan.id).executeTakeFirstOrThrow();
        expect(row.status).toBe(resultOf(plan, plan.home, plan.away));
      }
      const purchases = await db.selectFrom('expert_plan_purchases').select(['plan_id', 'user_id', 'outcome', 'settle_transaction_id']).where('plan_id', 'in', ids).execute();
      expect(purchases.length).toBe(planCount * buyersPerPlan);
      expect(purchases.filter((purchase) => purchase.outcome === null)).toEqual([]);
      // One settlement transaction per purchase, never two.
      const keys = await db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', 'plan_settle:%').where('kind', 'in', ['plan_payout', 'plan_refund']).execute();
      const mine = keys.filter((key) => ids.includes(Number(key.idempotency_key.split(':')[1])));
      expect(mine.length).toBe(planCount * buyersPerPlan);
      await expectLedgerSound({ database });
    } finally {
      await database.close();
    }
  }, 300_000);
});
