import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

/** A pino logger at `level` whose lines are kept, parsed. */
function keptLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}

describe("a request's logger", () => {
  it('makes no pino child for a request that writes nothing, or only lines its level drops', () => {
    const { logger, lines } = keptLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'req-1' }, {});
    log.info({ path: '/api/x' }, 'request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('writes a line its level keeps with the request id, making the child once', () => {
    const { logger, lines } = keptLogger('info');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'req-2' }, {});
    log.info({ path: '/api/x', status: 200 }, 'request');
    log.error({ code: 7 }, 'failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 30, reqId: 'req-2', path: '/api/x', status: 200, msg: 'request' },
      { level: 50, reqId: 'req-2', code: 7, msg: 'failed' },
    ]);
  });

  it('keeps a route level that differs from the server one, and gives children of its own', () => {
    const { logger, lines } = keptLogger('warn');
    const log = lazyRequestLogger(logger, { reqId: 'req-3' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    log.debug('kept at the route level');
    log.child({ part: 'upload' }).warn('from a child');
    expect(lines).toMatchObject([
      { level: 20, reqId: 'req-3', msg: 'kept at the route level' },
      { level: 40, reqId: 'req-3', part: 'upload', msg: 'from a child' },
    ]);
  });

  it("is what Fastify hands a request, and a handler's line carries the request id", async () => {
    const { logger, lines } = keptLogger('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger, disableRequestLogging: true });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/says', async (request) => {
      request.log.info('hello');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/says' });
    expect(lines).toMatchObject([{ level: 30, msg: 'hello', reqId: expect.any(String) }]);
    await app.close();
  });
});
