// QR login latency for `npm run bench`: from the logged-in device's confirm call to the moment the
// page showing the code receives webLoginSuccess on /ws, which is when its login dialog closes
// (SPEC §4). Runs against a running site, as the other benches do.
import WebSocket from 'ws';
import { demoLogins } from '../api/demo-session.ts';
import { solveHumanCheck } from '../api/human-check.ts';
import { percentile } from './percentile.ts';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let calls = 0;

async function call<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  // Each call from an address of its own (the site trusts X-Forwarded-For from loopback in the bench).
  const address = `198.19.${(calls >> 8) & 255}.${calls++ & 255}`;
  const response = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 0) throw new Error(`${path}: code ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** The page's side: a socket bound to `code` with its secret, resolving each awaited frame type as it arrives. */
async function showingPage(socketUrl: string, code: string, secret: string) {
  const socket = new WebSocket(socketUrl);
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  socket.on('message', (raw) => {
    const at = performance.now();
    const frame = JSON.parse(String(raw)) as { type?: string };
    if (frame.type !== 'qr_bound' && frame.type !== 'scanCode_Login' && frame.type !== 'webLoginSuccess') return;
    arrived.set(frame.type, at);
    waiting.get(frame.type)?.(at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'qr_login', code, qr_secret: secret }));
  return {
    frame: (type: 'qr_bound' | 'scanCode_Login' | 'webLoginSuccess', timeoutMs = 10_000) =>
      new Promise<number>((resolve, reject) => {
        const seen = arrived.get(type);
        if (seen !== undefined) return resolve(seen);
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
        waiting.set(type, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }),
    close: () => socket.close(),
  };
}

/**
 * Prints p50/p99 of QR confirm → webLoginSuccess over `rounds` logins of the demo viewer, one at a
 * time. Each round is a fresh code shown on a fresh socket, scanned first, as the confirm page does.
 */
export async function benchQrConfirm(baseUrl: string, rounds = 50): Promise<{ p50: number; p99: number }> {
  const socketUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;
  const { token } = await call<{ token: string }>(baseUrl, '/api/user/login', {
    ...demoLogins.viewer,
    device_type: 'pc',
    altcha: await solveHumanCheck(baseUrl),
  });
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const { code, qr_secret } = await call<{ code: string; qr_secret: string }>(baseUrl, '/api/user/getLoginQrcode', {});
    const page = await showingPage(socketUrl, code, qr_secret);
    try {
      await page.frame('qr_bound');
      await call(baseUrl, '/api/user/scanLoginQrcode', { code }, token);
      await page.frame('scanCode_Login');
      const confirmed = performance.now();
      const loggedIn = page.frame('webLoginSuccess');
      await call(baseUrl, '/api/user/confirmLoginQrcode', { code }, token);
      times.push((await loggedIn) - confirmed);
    } finally {
      page.close();
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}
