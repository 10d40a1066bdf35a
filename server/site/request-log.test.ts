import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLog, RequestTally, siteLoggerOptions, type RequestLogOptions } from './request-log.ts';

type Line = Record<string, unknown>;

/** A pino logger with the site's settings at `level`, whose lines are kept, parsed. */
function keptLogger(level: string) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { logger: pino(siteLoggerOptions({ LOG_LEVEL: level }), sink), lines };
}

async function appLoggingAt(level: string, options: RequestLogOptions = {}) {
  const { logger, lines } = keptLogger(level);
  const requestLog = new RequestLog(options);
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, logController: requestLog });
  requestLog.attach(app);
  app.get('/api/items/:id', async () => ({ code: 0 }));
  app.get('/broken', async () => {
    throw new Error('broken');
  });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    return 'late';
  });
  await app.ready();
  return { app, lines, requestLines: () => lines.filter((line) => line.msg !== 'request failed') };
}

describe('the request log', () => {
  it('at info, sums the requests up in one line, with a line of its own only for a failure', async () => {
    const { app, lines } = await appLoggingAt('info');
    for (const id of [1, 2, 3]) await app.inject({ url: `/api/items/${id}?token=abc` });
    await app.inject({ url: '/nowhere' });
    await app.inject({ url: '/broken' });
    const beforeSummary = lines.filter((line) => line.msg !== 'request failed');
    expect(beforeSummary).toMatchObject([{ level: 30, msg: 'request answered with a server error', path: '/broken', status: 500 }]);
    await app.close();
    const summary = lines.at(-1)!;
    expect(summary).toMatchObject({ level: 30, requests: 5, clientErrors: 1, serverErrors: 1, slow: 0, busiest: { 'GET /api/items/:id': 3 } });
    expect(String(summary.msg)).toMatch(/^5 requests in \d+ s \(1 4xx, 1 5xx, 0 slow\): p50 [\d.]+ ms, p99 [\d.]+ ms/);
    expect(JSON.stringify(lines)).not.toContain('abc');
  });

  it('writes a summary once per interval, and none for an interval without requests', async () => {
    const { app, lines } = await appLoggingAt('info', { summaryEveryMs: 30 });
    await app.inject({ url: '/api/items/1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();
    expect(lines.filter((line) => line.requests !== undefined)).toMatchObject([{ requests: 1 }]);
  });

  it('gives a slow request its own warning, at info and at warn', async () => {
    for (const level of ['info', 'warn']) {
      const { app, lines } = await appLoggingAt(level, { slowMs: 20 });
      await app.inject({ url: '/slow?code=1' });
      await app.inject({ url: '/api/items/1' });
      expect(lines.filter((line) => line.msg === 'slow request')).toMatchObject([{ level: 40, path: '/slow', status: 200 }]);
      await app.close();
      expect(lines.some((line) => line.requests !== undefined)).toBe(level === 'info');
    }
  });

  it('at debug, writes every request, its path without the query', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ url: '/api/items/7?token=abc' });
    await app.inject({ url: '/nowhere' });
    await app.close();
    expect(lines.filter((line) => line.msg === 'request')).toMatchObject([
      { level: 20, method: 'GET', path: '/api/items/7', status: 200 },
      { level: 20, method: 'GET', path: '/nowhere', status: 404 },
    ]);
    expect(lines.some((line) => line.requests !== undefined)).toBe(false);
  });

  it('at debug with a sample of 0, writes no request lines', async () => {
    const { app, lines } = await appLoggingAt('debug', { sample: 0 });
    await app.inject({ url: '/api/items/7' });
    await app.close();
    expect(lines).toEqual([]);
  });

  it('censors secrets a line carries, at its first level and its second', () => {
    const { logger, lines } = keptLogger('info');
    logger.info({ token: 'tok-1', user: { password: 'pw-1', name: 'ann' }, headers: { authorization: 'Bearer x', cookie: 'c=1' }, streamKey: 'k' }, 'x');
    expect(lines[0]).toMatchObject({ token: '[secret]', user: { password: '[secret]', name: 'ann' }, headers: { authorization: '[secret]', cookie: '[secret]' } });
    expect(JSON.stringify(lines)).not.toMatch(/tok-1|pw-1|Bearer|c=1/);
  });
});

describe('a tally of requests', () => {
  it('keeps percentiles over more requests than it keeps times of, and starts again empty', () => {
    let seed = 1;
    const tally = new RequestTally(() => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646);
    for (let i = 0; i < 20_000; i++) tally.add({ method: 'GET', route: i % 10 === 0 ? '/b' : '/a', status: 200, ms: i % 100 }, false);
    const { fields } = tally.take(60_000);
    expect(fields).toMatchObject({ requests: 20_000, seconds: 60, maxMs: 99, busiest: { 'GET /a': 18_000, 'GET /b': 2_000 } });
    expect(fields.p50Ms).toBeGreaterThanOrEqual(45);
    expect(fields.p50Ms).toBeLessThanOrEqual(55);
    expect(fields.p99Ms).toBeGreaterThanOrEqual(97);
    expect(tally.count).toBe(0);
    expect(tally.take(1000).fields).toMatchObject({ requests: 0, busiest: {} });
  });
});
