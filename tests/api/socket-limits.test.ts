import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RedisSocketCounter } from '../../server/adapters/limits/redis-socket-counter.ts';
import { buildApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { addressKey, defaultSocketsPerAddress } from '../../server/realtime/socket-address-limit.ts';
import { redisTestUrl } from '../../server/realtime/redis-test-url.ts';
import { openTemplateCopy } from './database-template.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Opened = { socket: WebSocket; status: 101 } | { status: number; body: string };

/** Opens a socket from `address` (X-Forwarded-For; the test server trusts it) and says how the upgrade was answered. */
function open(server: Pick<TestServer, 'baseUrl'>, path: '/ws' | '/im', address: string, lang = 'en'): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${path}`, { headers: { 'x-forwarded-for': address, lang } });
    socket.once('open', () => resolve({ socket, status: 101 }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

// One address holds a household's sockets and more, but not an attacker's hundreds: one over the limit is refused clearly.
describe('socket connections per address', () => {
  let server: TestServer;
  const opened: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer({ socketsPerAddress: defaultSocketsPerAddress });
  });
  afterAll(async () => {
    for (const socket of opened) socket.terminate();
    await server.close();
  });

  it('takes a household (60 sockets: ten people, three tabs each, /ws and /im per tab) from one address', async () => {
    const household = await Promise.all(Array.from({ length: 60 }, (_, index) => open(server, index % 2 ? '/im' : '/ws', '198.51.100.20')));
    for (const answer of household) if ('socket' in answer) opened.push(answer.socket);
    expect(household.every((answer) => answer.status === 101)).toBe(true);
  });

  it('refuses the socket over the limit from one address with 429 in its language, over /ws and /im alike, and takes others', async () => {
    const attacker = '203.0.113.66';
    const first = await Promise.all(Array.from({ length: defaultSocketsPerAddress }, (_, index) => open(server, index % 2 ? '/im' : '/ws', attacker)));
    for (const answer of first) if ('socket' in answer) opened.push(answer.socket);
    expect(first.filter((answer) => answer.status === 101)).toHaveLength(defaultSocketsPerAddress);

    const overWs = await open(server, '/ws', attacker);
    expect(overWs.status).toBe(429);
    expect('body' in overWs && JSON.parse(overWs.body)).toEqual({
      code: 1,
      msg: 'Too many open connections from this network: close some tabs and try again',
      data: null,
    });
    const overIm = await open(server, '/im', attacker, 'zh');
    expect(overIm.status).toBe(429);
    expect('body' in overIm && (JSON.parse(overIm.body) as { msg: string }).msg).toBe('此网络打开的连接过多，请关闭一些标签页后再试');

    // Another address is not held back by the attacker's.
    const neighbour = await open(server, '/im', '203.0.113.67');
    expect(neighbour.status).toBe(101);
    if ('socket' in neighbour) opened.push(neighbour.socket);

    // A socket that closes gives its place back.
    const one = first[0];
    if (!one || !('socket' in one)) throw new Error('no socket');
    await new Promise((resolve) => {
      one.socket.once('close', resolve);
      one.socket.close();
    });
    await expect.poll(async () => {
      const again = await open(server, '/ws', attacker);
      if ('socket' in again) opened.push(again.socket);
      return again.status;
    }).toBe(101);
  });

  it('counts an IPv6 subscriber by its /64, so fresh addresses in one block do not escape the limit', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });
});

const redisUrl = await redisTestUrl();

// Behind a balancer each address meets several processes: with Redis the limit is the address's across all of
// them, and a process killed with its sockets open stops counting once its liveness lapses.
describe.skipIf(!redisUrl)('socket connections per address across processes sharing Redis', () => {
  const limit = 10;
  const ttlMs = 1500;
  // Keys of this run's own, so no other run's counts on the same Redis meet these.
  const prefix = `pitchside:test-sockets:${randomBytes(6).toString('hex')}:`;
  let database: DatabaseHandle;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  const servers: Array<Pick<TestServer, 'baseUrl'>> = [];
  const opened: WebSocket[] = [];

  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    for (let index = 0; index < 2; index++) {
      const app = await buildApp({
        database,
        distDir: '/nonexistent',
        trustProxy: true,
        rateLimits: false,
        socketsPerAddress: limit,
        socketCounter: new RedisSocketCounter(redisUrl!, undefined, ttlMs, prefix),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      apps.push(app);
      servers.push({ baseUrl: `http://127.0.0.1:${String(address.port)}` });
    }
  });
  afterAll(async () => {
    for (const socket of opened) socket.terminate();
    for (const app of apps) await app.close();
    await database?.close();
  });

  async function openAll(count: number, address: string, server: (index: number) => Pick<TestServer, 'baseUrl'>): Promise<Opened[]> {
    const answers = await Promise.all(Array.from({ length: count }, (_, index) => open(server(index), index % 2 ? '/im' : '/ws', address)));
    for (const answer of answers) if ('socket' in answer) opened.push(answer.socket);
    return answers;
  }

  it('holds one address to the limit over both processes, and a closed socket frees a place on either', async () => {
    const address = '198.18.0.10';
    const spread = await openAll(limit, address, (index) => servers[index % 2]!);
    expect(spread.filter((answer) => answer.status === 101)).toHaveLength(limit);
    // Each process holds only half the limit itself; the address holds it all.
    for (const server of servers) expect((await open(server, '/ws', address)).status).toBe(429);
    expect((await open(servers[0]!, '/ws', '198.18.0.11')).status).toBe(101);

    const one = spread[0];
    if (!one || !('socket' in one)) throw new Error('no socket');
    await new Promise((resolve) => {
      one.socket.once('close', resolve);
      one.socket.close();
    });
    await expect.poll(async () => (await openAll(1, address, () => servers[1]!))[0]!.status).toBe(101);
    expect((await open(servers[0]!, '/im', address)).status).toBe(429);
  });

  it('stops counting the places of a process killed with its sockets open once its liveness lapses', async () => {
    const address = '198.18.0.20';
    const holder = spawn(process.execPath, ['--import', 'tsx', 'tests/api/socket-count-holder.ts'], {
      env: { ...process.env, REDIS_URL: redisUrl, PREFIX: prefix, TTL_MS: String(ttlMs), ADDRESS: address, COUNT: '6', LIMIT: String(limit) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const said = await new Promise<string>((resolve, reject) => {
        holder.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
        holder.once('exit', (code) => reject(new Error(`the holder exited with ${String(code)}`)));
      });
      expect(said).toBe('held 6');
      const rest = await openAll(limit, address, (index) => servers[index % 2]!);
      expect(rest.filter((answer) => answer.status === 101)).toHaveLength(limit - 6);
      expect(rest.filter((answer) => answer.status === 429)).toHaveLength(6);
    } finally {
      holder.kill('SIGKILL');
    }
    // Its six places come back within its liveness (1.5 s here, 30 s by default), not never.
    const started = Date.now();
    await expect.poll(async () => (await openAll(1, address, () => servers[0]!))[0]!.status, { timeout: 10_000, interval: 200 }).toBe(101);
    expect(Date.now() - started).toBeLessThan(ttlMs + 5000);
    const more = await openAll(5, address, (index) => servers[index % 2]!);
    expect(more.filter((answer) => answer.status === 101)).toHaveLength(5);
    expect((await open(servers[1]!, '/ws', address)).status).toBe(429);
  });
});
