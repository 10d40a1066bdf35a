import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { refusalMessages } from '../../server/contract/refusals.ts';
import { ResultCode } from '../../server/errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const limited = loadContract().operations.filter((operation) => operation.rateLimit);
let nextAddress = 1;
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${nextAddress++}` });

describe('the contract rate-limits the calls a stranger could abuse, per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: true });
  });
  afterAll(() => server.close());

  it('limits logins, codes and every money call', () => {
    const ids = limited.map((operation) => operation.operationId);
    expect(ids).toEqual(expect.arrayContaining(['userLogin', 'userGetCode', 'userRegistered', 'userForgotPassword', 'memberHandselGift']));
    const moneyCalls = loadContract().operations.filter((operation) => operation.needsIdempotencyKey);
    expect(moneyCalls.length).toBeGreaterThan(0);
    for (const operation of moneyCalls) expect(operation.rateLimit, operation.operationId).toBeDefined();
  });

  it.each(limited.map((operation) => [operation.operationId, operation] as const))(
    '%s answers 429 in the envelope past its limit, for that address only',
    async (_id, operation) => {
      const method = operation.method === 'get' ? 'GET' : 'POST';
      const address = fromNewAddress();
      for (let call = 0; call < operation.rateLimit!.max; call++) {
        expect((await server.call(method, operation.path, {}, address)).status).not.toBe(429);
      }
      const refused = await server.call(method, operation.path, {}, address);
      expect(refused).toMatchObject({ status: 429, code: ResultCode.error, msg: refusalMessages[429], data: null });
      expect((await server.call(method, operation.path, {}, fromNewAddress())).status).not.toBe(429);
    },
  );
});

async function reachableRedis(): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return url;
  } catch {
    return undefined;
  } finally {
    probe.disconnect();
  }
}

const redisUrl = await reachableRedis();

describe.skipIf(!redisUrl)('with several processes the limit holds across them, through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ rateLimits: true, redisUrl });
    second = await startTestServer({ rateLimits: true, redisUrl });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts calls to either server against one limit', async () => {
    const operation = limited.find((candidate) => candidate.operationId === 'userGetCode')!;
    // An address of its own per run: the counts outlive the servers in Redis for the window.
    const address = { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    const servers = [first, second];
    for (let call = 0; call < operation.rateLimit!.max; call++) {
      expect((await servers[call % 2]!.call('POST', operation.path, {}, address)).status).not.toBe(429);
    }
    expect((await first.call('POST', operation.path, {}, address)).status).toBe(429);
    expect((await second.call('POST', operation.path, {}, address)).status).toBe(429);
  });
});
