import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTemplateCopy } from '../../../tests/api/database-template.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { ManualClock } from '../../feed/feed-clock.ts';
import type { MatchFeed } from '../../ports/match-feed.ts';
import { createSimulatedFeed } from '../../feed/simulated-feed.ts';
import { isLoopback } from './feed-dev-routes.ts';

const template = inject('databaseTemplate');

describe('/dev/feed/advance', { timeout: 120_000 }, () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let clock: ManualClock;
  let feed: MatchFeed;

  beforeAll(async () => {
    database = await openTemplateCopy(template);
    clock = new ManualClock(Date.parse(template.seededAt));
    app = await buildApp({
      database,
      distDir: '/nonexistent',
      now: clock.date,
      production: false,
      feed: (server) => createSimulatedFeed(server, { seed: 20261122, clock }),
    });
    await app.ready();
    feed = app.serverContext.feed!;
    await feed.start();
  }, 120_000);

  afterAll(async () => {
    await feed?.stop();
    await app?.close();
    await database?.close();
  });

  it('knows the loopback addresses and nothing else', () => {
    expect(['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:192.168.1.2', '2001:db8::1', '', undefined].some(isLoopback)).toBe(false);
  });

  it('refuses a caller from another machine, whatever X-Forwarded-For says', async () => {
    const before = clock.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/dev/feed/advance',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
      payload: { minutes: 5 },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 1 });
    expect(clock.now()).toBe(before);
  });

  it('moves the clock by the minutes asked', async () => {
    const before = clock.now();
    const answer = await app.inject({ method: 'POST', url: '/dev/feed/advance', remoteAddress: '127.0.0.1', payload: { minutes: 3 } });
    expect(answer.json()).toMatchObject({ code: 0 });
    expect(clock.now()).toBe(before + 3 * 60_000);
  });

  it('plays on until a goal of the matches asked for, and says which', async () => {
    const open = await database.db
      .selectFrom('matches')
      .select('id')
      .where('sport', '=', 'football')
      .where('status', '<>', 'over')
      .orderBy('start_time')
      .limit(5)
      .execute();
    const ids = open.map((row) => row.id);
    const answer = await app.inject({
      method: 'POST',
      url: '/dev/feed/advance',
      remoteAddress: '127.0.0.1',
      payload: { until: 'goal', match_ids: ids, minutes: 24 * 60 },
    });
    const { code, data } = answer.json<{ code: number; data: { goals: Array<{ match_id: number; home_score: number; away_score: number }> } }>();
    expect(code).toBe(0);
    expect(data.goals.length).toBeGreaterThan(0);
    const last = data.goals.at(-1)!;
    expect(ids).toContain(last.match_id);
    const stored = await database.db.selectFrom('matches').selectAll().where('id', '=', last.match_id).executeTakeFirstOrThrow();
    expect([stored.home_score, stored.away_score]).toEqual([last.home_score, last.away_score]);
  });

  it('rejects input outside its schema', async () => {
    const answer = await app.inject({ method: 'POST', url: '/dev/feed/advance', remoteAddress: '127.0.0.1', payload: { minutes: 0 } });
    expect(answer.statusCode).toBe(400);
  });

  it('does not exist in production', async () => {
    const production = await buildApp({ database, distDir: '/nonexistent', now: clock.date, production: true });
    try {
      const answer = await production.inject({ method: 'POST', url: '/dev/feed/advance', remoteAddress: '127.0.0.1', payload: { minutes: 1 } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('/dev/feed/advance before the start-up has started the feed', { timeout: 120_000 }, () => {
  it('starts the feed first, once, and then moves its clock', async () => {
    const database = await openTemplateCopy(template);
    const clock = new ManualClock(Date.parse(template.seededAt));
    const app = await buildApp({
      database,
      distDir: '/nonexistent',
      now: clock.date,
      production: false,
      feed: (server) => createSimulatedFeed(server, { seed: 20261122, clock }),
    });
    try {
      await app.ready();
      const before = clock.now();
      const answer = await app.inject({ method: 'POST', url: '/dev/feed/advance', remoteAddress: '127.0.0.1', payload: { minutes: 2 } });
      expect(answer.json()).toMatchObject({ code: 0 });
      expect(clock.now()).toBe(before + 2 * 60_000);
      // The start-up's own call, coming later, finds it started and starts nothing again.
      const started = app.serverContext.feed!.start();
      expect(app.serverContext.feed!.start()).toBe(started);
      await started;
      expect(clock.now()).toBe(before + 2 * 60_000);
    } finally {
      await app.serverContext.feed?.stop();
      await app.close();
      await database.close();
    }
  });
});
