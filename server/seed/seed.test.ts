import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../password-hash.ts';
import { quarterScores } from '../feed/period-scores.ts';
import { mediaRoutes } from '../media/media-routes.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { isSeeded, seedWorld } from './seed.ts';

const now = new Date('2026-11-22T12:07:31.000Z');
const seed = 20261122;

const demo = [
  { mobile: '86-13800000001', password: 'pitchside1', flag: null },
  { mobile: '86-13800000002', password: 'pitchside2', flag: 'is_anchor' },
  { mobile: '86-13800000003', password: 'pitchside3', flag: 'is_expert' },
  { mobile: '86-13800000004', password: 'pitchside4', flag: 'is_admin' },
] as const;

interface SeedCost {
  wallMs: number;
  cpuMs: number;
}

async function freshWorld(url?: string): Promise<{ handle: DatabaseHandle; cost: SeedCost }> {
  const handle = await openDatabase({ url });
  await migrate(handle);
  expect(await isSeeded(handle)).toBe(false);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await seedWorld(handle, { now, seed });
  const used = process.cpuUsage(cpu);
  return { handle, cost: { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 } };
}

/** Text and jsonb columns of every table of the public schema. */
async function textColumns(handle: DatabaseHandle): Promise<Array<{ table_name: string; column_name: string }>> {
  const result = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')
    order by c.table_name, c.column_name`.execute(handle.db);
  return result.rows;
}

/** The invariants of the seeded world, on PGlite and, with DATABASE_URL, on PostgreSQL. */
function worldChecks(open: () => Promise<{ handle: DatabaseHandle; cleanup?: () => Promise<void> }>): () => DatabaseHandle {
  let handle: DatabaseHandle;
  let cleanup: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ handle, cleanup } = await open());
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });

  it('is seeded, with the demo logins answering to their passwords', async () => {
    expect(await isSeeded(handle)).toBe(true);
    for (const login of demo) {
      const user = await handle.db.selectFrom('users').selectAll().where('mobile', '=', login.mobile).executeTakeFirstOrThrow();
      expect(await verifyPassword(login.password, user.password_hash)).toBe(true);
      expect(await verifyPassword('wrong-password', user.password_hash)).toBe(false);
      if (login.flag) expect(user[login.flag]).toBe(1);
    }
  });

  it("stamps each match in play with a last step of its own in the minute before the seed, so the feed's first pass plays one", async () => {
    const rows = await handle.db.selectFrom('matches').select(['updated_at']).where('status', '=', 'in_progress').execute();
    const stamps = rows.map((row) => row.updated_at.getTime()).sort((a, b) => a - b);
    expect(stamps.length).toBeGreaterThan(3);
    expect(new Set(stamps).size).toBe(stamps.length);
    expect(stamps[0]).toBe(now.getTime() - 60_000);
    expect(stamps.at(-1)!).toBeLessThan(now.getTime());
    // Evenly spread: the feed has a match due at least every minute / count.
    const gaps = stamps.slice(1).map((stamp, index) => stamp - stamps[index]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(Math.ceil(60_000 / stamps.length));
  });

  it('gives the demo accounts what the README promises', async () => {
    const { db } = handle;
    const balances = async (mobile: string) => {
      const rows = await db
        .selectFrom('wallet_accounts')
        .innerJoin('users', 'users.id', 'wallet_accounts.owner_id')
        // An income wallet's credits are spread over parts (migration 100): its balance is their sum with the account's.
        .select(['wallet_accounts.kind', sql<number>`wallet_balance(wallet_accounts.id)`.as('balance')])
        .where('users.mobile', '=', mobile)
        .execute();
      return Object.fromEntries(rows.map((row) => [row.kind, row.balance]));
    };
    const viewer = await db.selectFrom('users').selectAll().where('mobile', '=', demo[0].mobile).executeTakeFirstOrThrow();
    expect(viewer.user_nickname).toBe('球迷小王');
    expect(await balances(demo[0].mobile)).toMatchObject({ consumer: 5000, coins: 200 });
    expect((await balances(demo[1].mobile)).income).toBe(1200);

    const anchor = await db.selectFrom('users').select('id').where('mobile', '=', demo[1].mobile).executeTakeFirstOrThrow();
    const room = await db.selectFrom('live_rooms').selectAll().where('anchor_id', '=', anchor.id).executeTakeFirstOrThrow();
    expect(room.status).toBe('in_progress');
    expect(room.started_at).not.toBeNull();

    const expert = await db.selectFrom('users').select('id').where('mobile', '=', demo[2].mobile).executeTakeFirstOrThrow();
    await db.selectFrom('experts').select('user_id').where('user_id', '=', expert.id).executeTakeFirstOrThrow();
    const application = await db
      .selectFrom('expert_applications')
      .select('status')
      .where('user_id', '=', expert.id)
      .executeTakeFirstOrThrow();
    expect(application.status).toBe('audit_successful');
    const plans = await db.selectFrom('expert_plans').select('status').where('expert_id', '=', expert.id).execute();
    expect(plans.length).toBeGreaterThan(3);
    expect(plans.some((p) => p.status === 'to_be_settled')).toBe(true);
    expect(plans.some((p) => p.status !== 'to_be_settled')).toBe(true);

    const follows = await db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.target_id')
      .select('users.is_anchor')
      .where('follows.user_id', '=', viewer.id)
      .execute();
    expect(follows.filter((f) => f.is_anchor === 1)).toHaveLength(3);
  });

  it('configures the site with the keys the server reads', async () => {
    const rows = await handle.db.selectFrom('site_config').select(['key', 'value']).execute();
    const config = new Map(rows.map((row) => [row.key, row.value]));
    expect(config.get('site_name')).toBe('Pitchside');
    for (const key of ['weibo_qr_code', 'follow_us']) expect(config.get(key)).toMatch(/^\/media\/.+\.svg$/);
    for (const key of ['apply_for_anchor', 'feedback_qq', 'customer_service_email', 'site_icp'])
      expect(config.get(key)).toEqual(expect.any(String));
    expect(config.get('mobile_url')).toBe('');
    expect(config.get('horn_price')).toEqual(expect.any(Number));
    const admin = await handle.db.selectFrom('users').select('id').where('mobile', '=', demo[3].mobile).executeTakeFirstOrThrow();
    expect(config.get('customer_service')).toMatchObject({
      kefu_uid: admin.id,
      qq: expect.any(String),
      wechat: expect.any(String),
      email: expect.any(String),
    });
  });

  it('keeps every wallet balance equal to the sum of its ledger entries', async () => {
    const result = await sql<{ id: number; balance: number; total: number }>`
      select a.id, wallet_balance(a.id) as balance, coalesce(sum(e.amount), 0) as total
      from wallet_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id having wallet_balance(a.id) <> coalesce(sum(e.amount), 0)`.execute(handle.db);
    expect(result.rows).toEqual([]);
    const negative = await handle.db
      .selectFrom('wallet_accounts')
      .select('id')
      .where('owner_id', 'is not', null)
      .where('balance', '<', 0)
      .execute();
    expect(negative).toEqual([]);
  });

  it('balances every ledger transaction per currency, with one opening per funded wallet', async () => {
    const unbalanced = await sql<{ transaction_id: number }>`
      select e.transaction_id from ledger_entries e join wallet_accounts a on a.id = e.account_id
      group by e.transaction_id, a.currency having sum(e.amount) <> 0`.execute(handle.db);
    expect(unbalanced.rows).toEqual([]);
    const openings = await sql<{ idempotency_key: string; owner_id: number; kind: string }>`
      select t.idempotency_key, a.owner_id, a.kind from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id join wallet_accounts a on a.id = e.account_id
      where t.kind = 'opening' and a.owner_id is not null`.execute(handle.db);
    expect(openings.rows.length).toBeGreaterThan(50);
    for (const row of openings.rows) expect(row.idempotency_key).toBe(`seed-opening-${row.owner_id}-${row.kind}`);
  });

  it('scores every started match by its incidents', async () => {
    const { db } = handle;
    // The seeded day's matches: the past seasons' results before it have scores only.
    const matches = await db
      .selectFrom('matches')
      .selectAll()
      .where('status', '!=', 'not_started')
      .where('start_time', '>', new Date(now.getTime() - 24 * 60 * 60_000))
      .execute();
    const incidents = await db.selectFrom('match_incidents').selectAll().orderBy('match_id').orderBy('seq').execute();
    expect(matches.filter((m) => m.status === 'over').length).toBeGreaterThan(10);
    expect(matches.filter((m) => m.status === 'in_progress').length).toBeGreaterThan(10);
    for (const match of matches) {
      const own = incidents.filter((i) => i.match_id === match.id);
      const count = (side: 'home' | 'away', kinds: string[]) =>
        own.filter((i) => i.side === side && kinds.includes(i.kind)).length;
      if (match.sport === 'football') {
        expect(
          [count('home', ['goal', 'own_goal', 'penalty_goal']), count('away', ['goal', 'own_goal', 'penalty_goal'])],
          `match ${match.id}`,
        ).toEqual([match.home_score, match.away_score]);
        expect([count('home', ['red_card', 'second_yellow']), count('away', ['red_card', 'second_yellow'])]).toEqual([
          match.home_red,
          match.away_red,
        ]);
        expect([count('home', ['yellow_card', 'second_yellow']), count('away', ['yellow_card', 'second_yellow'])]).toEqual([
          match.home_yellow,
          match.away_yellow,
        ]);
        expect([count('home', ['corner']), count('away', ['corner'])]).toEqual([match.home_corner, match.away_corner]);
        if (match.status === 'in_progress') expect(['first_half', 'half_time', 'second_half']).toContain(match.phase);
        // nobody sent off or substituted appears again; substitutes come on in the second half
        const gone = new Set<string>();
        for (const incident of own) {
          // an own goal counts for one side and is scored by a player of the other
          const team = incident.kind === 'own_goal' ? (incident.side === 'home' ? 'away' : 'home') : incident.side;
          if (incident.player) expect(gone.has(`${team}:${incident.player}`), `match ${match.id} ${incident.player}`).toBe(false);
          if (['red_card', 'second_yellow'].includes(incident.kind)) gone.add(`${incident.side}:${incident.player}`);
          if (incident.kind === 'substitution') {
            expect(incident.minute).toBeGreaterThanOrEqual(46);
            expect(incident.minute).toBeLessThanOrEqual(89);
            gone.add(`${incident.side}:${incident.player}`);
          }
        }
      } else if (match.sport === 'esports') {
        expect([count('home', ['game_won']), count('away', ['game_won'])]).toEqual([match.home_score, match.away_score]);
      } else {
        const quarters = quarterScores(match);
        expect([quarters.reduce((s, q) => s + q[0], 0), quarters.reduce((s, q) => s + q[1], 0)]).toEqual([
          match.home_score,
          match.away_score,
        ]);
      }
      const last = own.at(-1);
      // a basketball quarter under way has points its period_end does not carry yet
      const partialQuarter = match.sport === 'basketball' && match.status === 'in_progress';
      if (last && !partialQuarter) expect([last.home_score, last.away_score]).toEqual([match.home_score, match.away_score]);
      expect(match.start_time.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const upcoming = await db
      .selectFrom('matches')
      .select(['start_time', 'home_score', 'away_score'])
      .where('status', '=', 'not_started')
      .execute();
    for (const match of upcoming) {
      expect(match.start_time.getTime()).toBeGreaterThan(now.getTime());
      expect(match.home_score + match.away_score).toBe(0);
    }
    const odds = await sql<{ n: number }>`select count(distinct company_id) as n from match_odds group by match_id`.execute(db);
    // Every match has odds but the past seasons' results (server/seed/past-results-seed.ts): over, without a timeline.
    const priced = await sql<{ n: number }>`select count(*)::int as n from matches m
      where not (m.status = 'over' and not exists (select 1 from match_incidents i where i.match_id = m.id))`.execute(db);
    expect(odds.rows.length).toBe(priced.rows[0]!.n);
    for (const row of odds.rows) expect(row.n).toBe(3);
  });

  it('keeps the standings consistent', async () => {
    const rows = await handle.db
      .selectFrom('standings')
      .innerJoin('leagues', 'leagues.id', 'standings.league_id')
      .select(['leagues.sport', 'played', 'won', 'drawn', 'lost', 'points'])
      .execute();
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.played).toBe(row.won + row.drawn + row.lost);
      if (row.sport === 'football') expect(row.points).toBe(3 * row.won + row.drawn);
      if (row.sport === 'basketball') expect(row.points).toBe(2 * row.won + row.lost);
    }
  });

  it('names seasons as the contract does: 2025-2026 or 2026', async () => {
    const [leagues, matches, standings] = await Promise.all([
      handle.db.selectFrom('leagues').select('current_season as season').execute(),
      handle.db.selectFrom('matches').select('season').distinct().execute(),
      handle.db.selectFrom('standings').select('season').distinct().execute(),
    ]);
    for (const { season } of [...leagues, ...matches, ...standings]) {
      const [start, end] = season.split('-').map(Number);
      expect(season).toMatch(/^\d{4}(-\d{4})?$/);
      if (end !== undefined) expect(end).toBe(start! + 1);
    }
  });

  it('links to nothing outside the site', async () => {
    const offenders: string[] = [];
    for (const { table_name, column_name } of await textColumns(handle)) {
      const result = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table_name)} where ${sql.ref(column_name)}::text ~* 'https?://'`.execute(
        handle.db,
      );
      if (Number(result.rows[0]!.n) > 0) offenders.push(`${table_name}.${column_name}`);
    }
    expect(offenders).toEqual([]);
  });

  it('draws every image path it stores', async () => {
    const paths = new Set<string>();
    for (const { table_name, column_name } of await textColumns(handle)) {
      const result = await sql<{
        v: string;
      }>`select distinct ${sql.ref(column_name)}::text as v from ${sql.table(table_name)} where ${sql.ref(column_name)}::text like '%/media/%'`.execute(
        handle.db,
      );
      for (const { v } of result.rows) for (const match of v.matchAll(/\/media\/[^"\s]+/g)) paths.add(match[0]);
    }
    const images = [...paths].filter((p) => p.endsWith('.svg'));
    // Anything else under /media/ is a demo clip's playlist, which the video area serves.
    expect([...paths].filter((p) => !p.endsWith('.svg')).every((p) => /^\/media\/videos\/[a-z0-9-]+\/index\.m3u8$/.test(p))).toBe(
      true,
    );
    for (const required of ['users.avatar', 'teams.logo', 'leagues.logo', 'live_rooms.cover', 'gifts.icon']) {
      const [table, column] = required.split('.') as [string, string];
      const values = await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)}`.execute(handle.db);
      expect(values.rows.length).toBeGreaterThan(0);
      for (const { v } of values.rows) expect(images).toContain(v);
    }
    const app: FastifyInstance = Fastify();
    await app.register(mediaRoutes);
    const failures: string[] = [];
    for (const path of images) {
      const response = await app.inject({ method: 'GET', url: path });
      if (response.statusCode !== 200) failures.push(`${path} ${response.statusCode}`);
    }
    await app.close();
    expect(failures).toEqual([]);
    expect(images.length).toBeGreaterThan(100);
  });

  it('keeps room announcements within 50 characters and live rooms live', async () => {
    const rooms = await handle.db.selectFrom('live_rooms').selectAll().execute();
    expect(rooms.length).toBeGreaterThanOrEqual(18);
    for (const room of rooms) {
      expect([...room.placard].length).toBeLessThanOrEqual(50);
      if (room.status === 'in_progress') expect(room.viewers).toBeGreaterThan(0);
      if (room.status === 'over') expect(room.ended_at).not.toBeNull();
    }
    expect(rooms.filter((r) => r.status === 'in_progress').length).toBeGreaterThan(rooms.length / 2);
    expect(rooms.some((r) => r.status === 'over')).toBe(true);
  });

  it("answers published articles with comments in each article's language, replies after them and likes", async () => {
    const comments = await handle.db
      .selectFrom('headline_comments')
      .innerJoin('headlines', 'headlines.id', 'headline_comments.headline_id')
      .select([
        'headline_comments.id',
        'headline_comments.parent_id',
        'headline_comments.user_id',
        'headline_comments.reply_to_user_id',
        'headline_comments.content',
        'headline_comments.created_at',
        'headlines.lang',
        'headlines.status',
        'headlines.published_at',
      ])
      .execute();
    const top = comments.filter((c) => c.parent_id === null);
    const replies = comments.filter((c) => c.parent_id !== null);
    expect(top.filter((c) => c.lang === 'zh').length).toBeGreaterThan(10);
    expect(top.filter((c) => c.lang === 'en').length).toBeGreaterThan(5);
    expect(replies.length).toBeGreaterThan(3);
    const han = /\p{Script=Han}/u;
    for (const comment of comments) {
      expect(comment.status).toBe('audit_successful');
      expect(comment.created_at.getTime()).toBeGreaterThanOrEqual(comment.published_at!.getTime());
      expect(comment.created_at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(han.test(comment.content), comment.content).toBe(comment.lang === 'zh');
    }
    const byId = new Map(comments.map((c) => [c.id, c]));
    for (const reply of replies) {
      const parent = byId.get(reply.parent_id!)!;
      expect(parent.parent_id).toBeNull();
      expect(reply.reply_to_user_id).toBe(parent.user_id);
      expect(reply.user_id).not.toBe(parent.user_id);
      expect(reply.created_at.getTime()).toBeGreaterThanOrEqual(parent.created_at.getTime());
    }
    const liked = await handle.db.selectFrom('likes').select('target_id').where('target_type', '=', 'headline_comment').execute();
    expect(liked.length).toBeGreaterThan(10);
    expect(liked.every((like) => byId.has(like.target_id))).toBe(true);
  });

  return () => handle;
}

describe('the seeded world on PGlite', () => {
  let cost: SeedCost = { wallMs: 0, cpuMs: 0 };
  const world = worldChecks(async () => {
    const seeded = await freshWorld();
    cost = seeded.cost;
    return seeded;
  });

  // PGlite runs inside this process, so its work is this process's CPU time. Machines differ by more
  // than two to one (1.5 s on one, 3.7 s on another), so this bounds a runaway cost (a query that
  // grows with the table, a lost index), not the speed; the cold start's bench prints the figures.
  it('seeds without a runaway cost', () => {
    expect(cost.cpuMs).toBeGreaterThan(0);
    expect(cost.cpuMs).toBeLessThan(10_000);
    expect(cost.wallMs).toBeLessThan(30_000);
  });

  it('makes the same users and matches from the same seed', async () => {
    const first = world();
    const second = (await freshWorld()).handle;
    try {
      // Password hashes are salted at random and so differ; everything else must match.
      const users = (h: DatabaseHandle) =>
        h.db
          .selectFrom('users')
          .selectAll()
          .orderBy('id')
          .execute()
          .then((rows) => rows.map(({ password_hash: _, ...row }) => row));
      const matches = (h: DatabaseHandle) => h.db.selectFrom('matches').selectAll().orderBy('id').execute();
      expect(await users(second)).toEqual(await users(first));
      expect(await matches(second)).toEqual(await matches(first));
      expect((await matches(first)).length).toBeGreaterThan(70);
    } finally {
      await second.close();
    }
  }, 60_000);
});

const databaseUrl = process.env.DATABASE_URL;
describe.runIf(Boolean(databaseUrl))('the seeded world on PostgreSQL', () => {
  worldChecks(async () => {
    const name = `pitchside_seed_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const world = await freshWorld(url.toString());
    return {
      ...world,
      cleanup: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  });
});
