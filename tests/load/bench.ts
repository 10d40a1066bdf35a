// `npm run bench`: figures, not pass/fail. Servers run pinned to one core (taskset) where possible,
// the load comes from this process over loopback, and each figure is compared within one run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { freshServerBundle } from '../../scripts/server-bundle.mjs';
import { freePort } from '../free-port.ts';
import { benchBroadcast } from './broadcast-bench.ts';
import { benchChaos } from './chaos-bench.ts';
import { benchGetConfig } from './config-bench.ts';
import { benchContractFuzz } from './contract-fuzz-bench.ts';
import { benchDanmaku } from './danmaku-bench.ts';
import { benchFanout } from './fanout-bench.ts';
import { benchGiftEffect, benchGifts } from './gift-bench.ts';
import { benchLiveRoom } from './live-room-bench.ts';
import { benchLogin } from './login-bench.ts';
import { benchMatchCentre } from './match-centre-bench.ts';
import { benchQrConfirm } from './qr-bench.ts';
import { benchPrivateChat } from './private-chat-bench.ts';
import { benchRoomChat } from './room-chat-bench.ts';
import { benchScoresLayoutShift } from './scores-cls-bench.ts';
import { benchSearch } from './search-bench.ts';
import { benchShell } from './shell-bench.ts';
import { benchSocketClose } from './socket-close-bench.ts';
import { benchStartup } from './startup-bench.ts';
import { benchVideos } from './video-bench.ts';
import { percentile } from './percentile.ts';
import { cpuMs } from './process-cpu.ts';

/** BENCH_ONLY=http: start-up and the API routes only; BENCH_ONLY=fanout: start-up and the fan-out; BENCH_ONLY=video: start-up and the videos; BENCH_ONLY=search: start-up and search. BENCH_STARTS: runs of each start (3). */
const only = process.env.BENCH_ONLY;

/**
 * Sections run alone: BENCH_ONLY=config (getConfig as `npm start` serves it), BENCH_ONLY=start (the cold and warm
 * starts only: first API answer, first page, first score push), BENCH_ONLY=close (5,000 score sockets closing at once),
 * BENCH_ONLY=chaos (three processes behind HAProxy, one killed every minute; only where PostgreSQL and Redis are).
 */
const soloSections: Record<string, () => Promise<void>> = {
  config: () => benchGetConfig(),
  chaos: () => benchChaos(),
  close: () => benchSocketClose(),
  start: async () => {
    const [data, dist] = [mkdtempSync(join(tmpdir(), 'pitchside-bench-')), mkdtempSync(join(tmpdir(), 'pitchside-bench-dist-'))];
    try {
      await benchStartup(data, dist);
    } finally {
      rmSync(data, { recursive: true, force: true });
      rmSync(dist, { recursive: true, force: true });
    }
  },
};
const solo = only ? soloSections[only] : undefined;
if (solo) {
  await solo();
  process.exit(0);
}
const pin = spawnSync('taskset', ['-c', '0', 'true']).status === 0 ? ['taskset', '-c', '0'] : [];

/** Waits for `url` to answer 200 (and, for an API call, code 0 in the envelope). */
async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok && (!url.includes('/api/') || ((await response.json()) as { code?: number }).code === 0)) return;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function start(script: string, env: Record<string, string>, { pinned = true, args: scriptArgs = [] as string[] } = {}): ChildProcess {
  // This process sits on core 1 and its children inherit that: an unpinned server is given both cores back.
  const cores = pinned ? pin : pin.length > 0 ? ['taskset', '-c', '0-1'] : [];
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const [command, ...args] = [...cores, process.execPath, ...loader, script, ...scriptArgs];
  return spawn(command ?? process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The size of a route's answer, as the benchmark's requests get it (no compression asked for). */
async function answerBytes(url: string): Promise<number> {
  return Buffer.byteLength(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text());
}

/** A route's rate over `seconds`, and the CPU its server (`pid`) spent per answer, in µs. */
async function requestsPerSecond(url: string, seconds: number, pid?: number): Promise<{ rate: number; cpuUs: number }> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 32, duration: seconds, pipelining: 1 });
  return { rate: Math.round(result.requests.average), cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, result.requests.total) };
}

/**
 * Waits until the started site is idle: under 5 % of its core over two half-seconds in a row. Its first seconds
 * after the first answer still start the feed (every open match read, the time it was down caught up) and the demo
 * rooms' rotation, on the core the load would measure.
 */
async function idle(child: ChildProcess, atMostMs = 60_000): Promise<void> {
  const deadline = Date.now() + atMostMs;
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    const before = cpuMs(child.pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet = cpuMs(child.pid) - before <= 25 ? quiet + 1 : 0;
  }
}

/**
 * A route's requests/s against its bare route's, in alternating rounds (route then bare, then bare then route):
 * on a shared machine the rate drifts within seconds, and a drift would fall on one side of a single pair.
 */
async function againstBare(
  route: { url: string; pid: number | undefined },
  bare: { url: string; pid: number | undefined },
  rounds = 4,
): Promise<{ route: number[]; bare: number[]; routeCpuUs: number[]; bareCpuUs: number[] }> {
  // The first seconds of each run cold (connections opening, code not yet optimised): not counted.
  await requestsPerSecond(route.url, 2);
  await requestsPerSecond(bare.url, 2);
  const rates = { route: [] as number[], bare: [] as number[], routeCpuUs: [] as number[], bareCpuUs: [] as number[] };
  const measureRoute = async () => {
    const { rate, cpuUs } = await requestsPerSecond(route.url, 4, route.pid);
    rates.route.push(rate);
    rates.routeCpuUs.push(cpuUs);
  };
  const measureBare = async () => {
    const { rate, cpuUs } = await requestsPerSecond(bare.url, 4, bare.pid);
    rates.bare.push(rate);
    rates.bareCpuUs.push(cpuUs);
  };
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      await measureRoute();
      await measureBare();
    } else {
      await measureBare();
      await measureRoute();
    }
  }
  return rates;
}

function redisAnswers(): Promise<boolean> {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  return new Promise((resolve) => {
    const probe = connect(Number(url.port || 6379), url.hostname);
    probe.setTimeout(1000, () => probe.destroy());
    probe.once('connect', () => probe.end(() => resolve(true)));
    probe.once('error', () => resolve(false));
    probe.once('close', () => resolve(false));
  });
}

async function socketRoundTrips(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'register', info: 'web' })));
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { code?: number };
        if (message.code === 101) {
          times.push(performance.now() - started);
          socket.close();
          resolve();
        }
      });
    });
  }
  return times.sort((a, b) => a - b);
}

const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-bench-'));
const distDir = mkdtempSync(join(tmpdir(), 'pitchside-bench-dist-'));
try {
  console.log(`Pitchside bench (${pin.length ? 'server pinned to core 0' : 'no taskset: server unpinned'})\n`);

  // The load generator (this process) stays on core 1, the servers on core 0.
  if (pin.length) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });

  // Cold and warm `npm start`, each timed from its spawn to its first API answer. The app they built is the one
  // the site below serves: a fresh clone has no other build.
  await benchStartup(dataDir, distDir);

  const port = await freePort();
  // The login and QR benches speak from many addresses (X-Forwarded-For), as many users would, so
  // the per-address rate limits do not cut them short.
  // The site as `npm start` runs it: its bundle, by plain Node (tsx's loader cost every API answer a fifth more).
  const { file: serverBundle } = await freshServerBundle();
  const site = start(serverBundle, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, TRUST_PROXY: '127.0.0.1' });
  await waitFor(`http://127.0.0.1:${port}/api/universal/getConfig`, site);
  await idle(site);

  // Each route against a bare Fastify route answering as many bytes, on the same core, while the site is idle (its
  // database open, its feed started and between passes).
  // getConfig is measured on its own below, as `npm start` runs it (config-bench.ts).
  const routes = [
    ['Live_streaming/getLiveList', `http://127.0.0.1:${port}/api/Live_streaming/getLiveList?type=0&page=1&limit=20`],
  ] as const;
  console.log('\nrequests/s on one core (autocannon on the other, 32 connections, loopback; 4 rounds of 4 s, route and bare alternating; medians):');
  for (const [name, url] of routes) {
    const bytes = await answerBytes(url);
    const barePort = await freePort();
    const bare = start('tests/load/bare-server.mjs', { PORT: String(barePort), BARE_BYTES: String(bytes) });
    await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
    const rates = await againstBare({ url, pid: site.pid }, { url: `http://127.0.0.1:${barePort}/bare`, pid: bare.pid });
    await stop(bare);
    const [routeRps, bareRps] = [percentile(rates.route, 50), percentile(rates.bare, 50)];
    const [routeCpuUs, bareCpuUs] = [percentile(rates.routeCpuUs, 50), percentile(rates.bareCpuUs, 50)];
    console.log(
      `  ${name.padEnd(28)} ${String(routeRps).padStart(6)}  bare route of the same ${bytes} B: ${bareRps}  → ${(routeRps / bareRps).toFixed(2)} of bare (goal ≥0.80)` +
        `  [route ${rates.route.join(' ')}; bare ${rates.bare.join(' ')}]`,
    );
    // The server's CPU per answer, which the load generator's own limits do not blur: bare's over the route's.
    console.log(
      `  ${''.padEnd(28)} server CPU per answer: ${routeCpuUs.toFixed(1)} µs, bare ${bareCpuUs.toFixed(1)} µs → ${(bareCpuUs / routeCpuUs).toFixed(2)} of bare's cost`,
    );
  }

  if (!only) await benchRest(port);
  await stop(site);
  if (!only || only === 'http') {
    console.log('');
    await benchGetConfig(distDir);
  }
  // The video list over 10,000 videos and uploads, on a database of its own, once the site is stopped.
  if (!only || only === 'video') await benchVideos(distDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
}

/** The socket, login, QR, shell and layout-shift benches against the warm site. */
async function benchRest(port: number): Promise<void> {
  const trips = await socketRoundTrips(`ws://127.0.0.1:${port}/ws`, 500);
  console.log(
    `\nsocket register round trip (connect + register → 101), 500 sequential: p50 ${percentile(trips, 50).toFixed(2)} ms, p99 ${percentile(trips, 99).toFixed(2)} ms`,
  );
  console.log('');
  await benchLogin(`http://127.0.0.1:${port}`);
  console.log('');
  const qr = await benchQrConfirm(`http://127.0.0.1:${port}`);
  console.log(`QR login, confirm call → webLoginSuccess on /ws (the dialog closes), 50 sequential: p50 ${qr.p50.toFixed(2)} ms, p99 ${qr.p99.toFixed(2)} ms\n`);
  await benchShell(`http://127.0.0.1:${port}`);
  console.log('');
  await benchScoresLayoutShift(`http://127.0.0.1:${port}`);
  console.log('');
  await benchLiveRoom(`http://127.0.0.1:${port}`);
  console.log('');
  await benchMatchCentre(`http://127.0.0.1:${port}`);
}

if (pin.length) spawnSync('taskset', ['-a', '-p', '-c', '0-1', String(process.pid)], { stdio: 'ignore' });
if (only !== 'http' && only !== 'search') {
  console.log('');
  await benchFanout(1);
  // Scaling out: one server process with the clients of one core, against two joined by the Redis bus, each with
  // its clients on its own core; per event, the second must be no slower.
  if (await redisAnswers()) await benchFanout(2);
  else console.log('\nfan-out over two processes: skipped, no Redis at 127.0.0.1:6379 (or REDIS_URL)');
}

// Search over the seeded world grown a hundredfold, on PGlite (and PostgreSQL with SEARCH_BENCH_DATABASE_URL).
if (!only || only === 'search') {
  console.log('');
  await benchSearch();
}

// The figures of the live rooms and of broadcasting, each starting what it measures.
if (!only) {
  console.log('');
  await benchDanmaku();
  console.log('');
  await benchRoomChat();
  console.log('');
  await benchPrivateChat();
  console.log('');
  await benchBroadcast();
  console.log('');
  await benchGifts();
  console.log('');
  await benchGiftEffect();
}

// Contract fuzzing, the long run: 10,000 generated and hostile requests (FUZZ_RUNS), counting what fell short.
if (!only || only === 'fuzz') {
  console.log('');
  await benchContractFuzz();
}
