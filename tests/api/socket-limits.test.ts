import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, defaultSocketsPerAddress } from '../../server/realtime/socket-address-limit.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Opened = { socket: WebSocket; status: 101 } | { status: number; body: string };

/** Opens a socket from `address` (X-Forwarded-For; the test server trusts it) and says how the upgrade was answered. */
function open(server: TestServer, path: '/ws' | '/im', address: string, lang = 'en'): Promise<Opened> {
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
