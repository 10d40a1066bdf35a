import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTemplateCopy } from '../../tests/api/database-template.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Match } from '../db/tables/scores-tables.ts';
import { FeedRandom } from './feed-random.ts';
import { pointsSplit } from './lineups.ts';
import { ManualClock } from './feed-clock.ts';
import type { FeedPlayed } from '../ports/match-feed.ts';
import { pressureOf, pressureValue } from './momentum.ts';
import { createSimulatedFeed } from './simulated-feed.ts';

// Properties of what the feed adds for the match centre, over every match it plays in four hours of the seeded
// world: the momentum adds up to the match's own counts and stays in bounds; the odds history keeps every change
// it pushed, in order.

const hourMs = 60 * 60_000;
const seed = 20261122;
const template = inject('databaseTemplate');
const start = Date.parse(template.seededAt);

describe('match centre data of the simulated feed', { timeout: 240_000 }, () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const played: FeedPlayed[] = [];
  let notStarted: Set<number>;
  /** The minutes the seed gave the matches in play before the feed started (server/seed/momentum-seed.ts). */
  let seededMinutes: Map<number, number>;

  beforeAll(async () => {
    database = await openTemplateCopy(template);
    notStarted = new Set(
      (await database.db.selectFrom('matches').select('id').where('status', '=', 'not_started').execute()).map((row) => row.id),
    );
    seededMinutes = new Map(
      (await database.db.selectFrom('match_momentum').select('match_id').select((eb) => eb.fn.max('t').as('t')).groupBy('match_id').execute()).map(
        (row) => [row.match_id, Number(row.t)],
      ),
    );
    const clock = new ManualClock(start);
    app = await buildApp({
      database,
      distDir: '/nonexistent',
      now: clock.date,
      feed: (server) => createSimulatedFeed(server, { seed, clock }),
    });
    await app.ready();
    const feed = app.serverContext.feed!;
    feed.subscribe((event) => {
      if (event.type === 'played') played.push(event);
    });
    await feed.start();
    await feed.advance(4 * hourMs);
  }, 240_000);

  afterAll(async () => {
    await app.close();
  });

  const momentumRows = () =>
    database.db.selectFrom('match_momentum').selectAll().orderBy('match_id').orderBy('t').execute();

  it('numbers each match’s minutes on its own axis, one after another, and pushes every one of them once, in order', async () => {
    const rows = await momentumRows();
    expect(rows.length).toBeGreaterThan(200);
    const stored = new Map<number, typeof rows>();
    for (const row of rows) stored.set(row.match_id, [...(stored.get(row.match_id) ?? []), row]);
    const pushed = new Map<number, number[]>();
    for (const event of played) for (const entry of event.momentum) pushed.set(entry.match_id, [...(pushed.get(entry.match_id) ?? []), ...entry.points.map((p) => p.t)]);
    for (const [matchId, list] of stored) {
      // From the minute the feed picked the match up: 1 for a match it kicked off.
      const first = list[0]!.t;
      expect(list.map((row) => row.t), `match ${matchId}`).toEqual(list.map((_, index) => first + index));
      if (notStarted.has(matchId)) expect(first, `match ${matchId}`).toBe(1);
      // What the seed stored before the feed started was never pushed; the feed counts on from it.
      const seeded = seededMinutes.get(matchId) ?? 0;
      if (seeded > 0) expect(first, `match ${matchId}`).toBe(1);
      const fed = list.map((row) => row.t).filter((t) => t > seeded);
      expect(pushed.get(matchId) ?? [], `match ${matchId}`).toEqual(fed);
    }
  });

  it('football: the minutes’ pressure adds up to the match’s weighted attacks, shots and corners; values stay within ±100', async () => {
    const rows = await momentumRows();
    const matches = await database.db.selectFrom('matches').selectAll().where('sport', '=', 'football').execute();
    let checked = 0;
    for (const match of matches) {
      const points = rows.filter((row) => row.match_id === match.id);
      if (points.length === 0 || !notStarted.has(match.id)) continue;
      checked += 1;
      const [home, away] = pressureOf(match);
      expect(points.reduce((sum, p) => sum + p.home, 0), `match ${match.id}`).toBe(home);
      expect(points.reduce((sum, p) => sum + p.away, 0), `match ${match.id}`).toBe(away);
      for (const p of points) {
        expect(p.value).toBeGreaterThanOrEqual(-100);
        expect(p.value).toBeLessThanOrEqual(100);
        expect(p.value).toBe(pressureValue(p.home, p.away));
        expect(p.home + p.away, 'both sides attack every minute').toBeGreaterThanOrEqual(2);
      }
      if (match.status === 'over') expect(points.filter((p) => p.period === 1).length).toBeGreaterThanOrEqual(46);
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('basketball: the lead tracker ends at the score, its lead is the difference, quarters never go back', async () => {
    const rows = await momentumRows();
    const matches = await database.db.selectFrom('matches').selectAll().where('sport', '=', 'basketball').execute();
    let checked = 0;
    for (const match of matches) {
      const points = rows.filter((row) => row.match_id === match.id);
      if (points.length === 0 || !notStarted.has(match.id)) continue;
      checked += 1;
      const last = points.at(-1)!;
      expect([last.home, last.away], `match ${match.id}`).toEqual([match.home_score, match.away_score]);
      for (const [index, p] of points.entries()) {
        expect(p.value).toBe(p.home - p.away);
        const before = points[index - 1];
        if (before) {
          expect(p.period).toBeGreaterThanOrEqual(before.period);
          expect(p.home).toBeGreaterThanOrEqual(before.home);
          expect(p.away).toBeGreaterThanOrEqual(before.away);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('keeps every change of the odds it made and pushed, in the order it made them', async () => {
    const history = await database.db.selectFrom('match_odds_history').selectAll().orderBy('id').execute();
    const key = (row: { match_id: number; company_id: number; market: string }) => `${row.match_id}:${row.company_id}:${row.market}`;
    const price = (row: { home: number; line: number | null; draw: number | null; away: number; is_closed: boolean }) =>
      [Number(row.home), row.line === null ? null : Number(row.line), row.draw === null ? null : Number(row.draw), Number(row.away), row.is_closed].join('/');
    const kept = new Map<string, string[]>();
    for (const row of history) kept.set(key(row), [...(kept.get(key(row)) ?? []), `${row.changed_at.getTime()} ${price(row)}`]);
    const made = new Map<string, string[]>();
    const pushed = new Map<string, string[]>();
    for (const event of played) {
      for (const row of event.oddsChanges) made.set(key(row), [...(made.get(key(row)) ?? []), `${row.updated_at.getTime()} ${price(row)}`]);
      for (const row of event.odds) pushed.set(key(row), [...(pushed.get(key(row)) ?? []), `${row.updated_at.getTime()} ${price(row)}`]);
    }
    expect(made.size).toBeGreaterThan(50);
    for (const [market, changes] of made) {
      // New fixtures' opening lines are kept when they are scheduled, before any pass.
      const list = kept.get(market) ?? [];
      expect(list.slice(list.length - changes.length), market).toEqual(changes);
    }
    for (const [market, pushes] of pushed) {
      const list = kept.get(market) ?? [];
      let from = 0;
      for (const push of pushes) {
        const at = list.indexOf(push, from);
        expect(at, `${market}: ${push} kept after position ${String(from)}`).toBeGreaterThanOrEqual(from);
        from = at + 1;
      }
    }
    // The last kept change of a market is its current line.
    const current = await database.db.selectFrom('match_odds').selectAll().execute();
    for (const row of current) {
      const list = kept.get(key(row));
      if (list && made.has(key(row))) expect(list.at(-1), key(row)).toBe(`${row.updated_at.getTime()} ${price(row)}`);
    }
  });
});

describe('momentum and points, as pure functions', () => {
  it('bounds a minute’s value within ±100 whatever the pressure', () => {
    const random = new FeedRandom('momentum-property');
    for (let i = 0; i < 2000; i++) {
      const home = random.int(0, 60);
      const away = random.int(0, 60);
      const value = pressureValue(home, away);
      expect(Math.abs(value)).toBeLessThan(100);
      expect([0, Math.sign(home - away)]).toContain(Math.sign(value));
      expect(pressureValue(away, home)).toBe(-value || 0);
    }
  });

  it('splits a basketball score among the players so it adds up, starters scoring most', () => {
    const random = new FeedRandom('points-property');
    for (let i = 0; i < 500; i++) {
      const score = random.int(0, 150);
      const points = pointsSplit(random.int(1, 9999), random.chance(0.5) ? 'home' : 'away', score, 12);
      expect(points.reduce((sum, p) => sum + p, 0)).toBe(score);
      expect(points.every((p) => p >= 0)).toBe(true);
    }
  });

  it('a match that never kicked off has no pressure', () => {
    const row = { stats: {}, home_corner: 0, away_corner: 0 } as unknown as Match;
    expect(pressureOf(row)).toEqual([0, 0]);
  });
});
