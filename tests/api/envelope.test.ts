import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxJsonDepth } from '../../server/contract/json-depth.ts';
import { solveHumanCheck } from './human-check.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Sends raw bytes and reads the whole answer: some refusals come before any HTTP library would let us. */
function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

function expectEnvelope(body: string): { code: number; msg: string; data: unknown } {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['code', 'data', 'msg']);
  expect(parsed.code).toBe(1);
  expect(typeof parsed.msg).toBe('string');
  expect(parsed.data).toBeNull();
  return parsed as { code: number; msg: string; data: unknown };
}

describe('every answer of the server is the envelope, the framework refusals too', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer();
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => server.close());

  it('refuses a body nested deeper than the limit with code 1, before anything walks it', async () => {
    const deep = `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const response = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: deep,
    });
    expect(response.status).toBe(400);
    expect(expectEnvelope(await response.text()).msg).toMatch(/nested/);
  });

  it('still takes a body nested to the limit, and brackets inside strings do not count', async () => {
    const nested = `${'['.repeat(maxJsonDepth - 1)}${']'.repeat(maxJsonDepth - 1)}`;
    const response = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"mobile":"${'['.repeat(500)}","extra":${nested}}`,
    });
    // Refused by the contract (a bad mobile), not by the depth limit.
    expect(response.status).toBe(400);
    expect(expectEnvelope(await response.text()).msg).not.toMatch(/nested/);
  });

  it('answers request headers over the limit with 431 in the envelope', async () => {
    const answer = await rawRequest(port, `GET /api/universal/getConfig HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(431);
    expectEnvelope(answer.body);
  });

  it('answers a malformed request with 400 in the envelope', async () => {
    const answer = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(answer.status).toBe(400);
    expectEnvelope(answer.body);
  });

  it('answers an unknown path and a wrong method with 404 in the envelope', async () => {
    for (const [method, path] of [
      ['GET', '/api/no/such/call'],
      ['DELETE', '/api/user/login'],
      ['GET', '/nothing-here.js'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expectEnvelope(await response.text());
    }
  });

  it('answers a body of an unsupported type with 415 in the envelope', async () => {
    const response = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    });
    expect(response.status).toBe(415);
    expectEnvelope(await response.text());
  });

  it('answers a body over the size limit with 413 in the envelope', async () => {
    const response = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expectEnvelope(await response.text());
  });

  it('answers broken JSON with 400 in the envelope', async () => {
    const response = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"mobile":',
    });
    expect(response.status).toBe(400);
    expectEnvelope(await response.text());
  });

  it('answers in the language of the request: zh by default, en and vi when asked', async () => {
    const login = async (lang?: string) =>
      fetch(`${server.baseUrl}/api/user/getCode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(lang ? { lang } : {}) },
        body: JSON.stringify({ mobile: '86-13800000001', type: 1, altcha: await solveHumanCheck(server.baseUrl) }),
      }).then((response) => response.json() as Promise<{ msg: string }>);
    expect((await login()).msg).toBe('该手机号已注册');
    expect((await login('en')).msg).toBe('This mobile is already registered');
    expect((await login('vi')).msg).toBe('Số điện thoại này đã được đăng ký');
    const refused = await fetch(`${server.baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/^输入错误/);
  });
});
