// Gifts in a room. Throughput: many senders send `member/handselGift` over real HTTP, each call with its own
// Idempotency-Key, to the anchor of one room on air; the server pinned to one core, the load (autocannon) on the
// other. Printed per database (PGlite in a data directory; PostgreSQL in a database made for the run and dropped
// after): gifts/s at the most the server takes and its p99, then the p99 at half that rate.
// Gift to effect: 5,000 viewers in the room's chat on `/im` (guests, as most viewers are); a gift every second
// from a different sender; printed the delay from sending the gift to a viewer's receipt of its frame, p50 / p99.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type WebSocket from 'ws';
import { freshServerBundle, serverBundleDir } from '../../scripts/server-bundle.mjs';
import type { GiftServerReady } from './gift-server.ts';
import { joinGroup, openSocket } from './im-viewers.ts';
import { percentile } from './percentile.ts';
import { cpuMs } from './process-cpu.ts';

const epochMs = () => performance.timeOrigin + performance.now();
const connectBatch = 250;
const sampleEvery = 10;
const messagePrefix = Buffer.from('{"type":"message"');
const fromPattern = /"from":"(\d+)"/;
/** Where PostgreSQL is asked for a database of the benchmark's own (never the one tests use). */
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface GiftServer {
  ready: GiftServerReady;
  pinned: boolean;
  pid: number | undefined;
  stop(): Promise<void>;
}

async function startGiftServer(env: Record<string, string>): Promise<GiftServer> {
  // Bundled and run by plain Node, as `npm start` runs the site: tsx's loader cost every API answer a fifth more.
  const { file } = await freshServerBundle({ entry: 'tests/load/gift-server.ts', file: join(serverBundleDir, 'gift-server.mjs') });
  const child: ChildProcess = fork(file, [], {
    execArgv: [],
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pinned = child.pid !== undefined && spawnSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' }).status === 0;
  // The load on the other core, so it does not take the server's.
  if (pinned) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const ready = await new Promise<GiftServerReady>((resolve, reject) => {
    child.once('message', (message: GiftServerReady) => resolve(message));
    child.once('exit', (code) => reject(new Error(`gift server exited with ${String(code)}`)));
  });
  return {
    ready,
    pinned,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
      if (pinned) spawnSync('taskset', ['-a', '-p', '-c', '0-1', String(process.pid)], { stdio: 'ignore' });
    },
  };
}

interface Load {
  giftsPerSecond: number;
  p50: number;
  p99: number;
  acknowledged: number;
  refused: number;
}

/** Gifts for `seconds` from `connections` connections, each connection one sender, each sending again as soon as answered. */
async function giftLoad(ready: GiftServerReady, seconds: number, connections: number): Promise<Load> {
  const path = `/api/member/handselGift?anchor_uid=${String(ready.room.anchorId)}&room_id=${String(ready.room.id)}&gift_id=${String(ready.giftId)}&count=1`;
  const run = `${String(process.pid)}x${Date.now().toString(36)}`;
  let sent = 0;
  let nextSender = 0;
  let acknowledged = 0;
  let refused = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${String(ready.port)}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request, context: { token?: string }) => {
          context.token ??= ready.senders[nextSender++ % ready.senders.length]!.token;
          sent += 1;
          return { ...request, headers: { token: context.token, 'idempotency-key': `gift-bench-${run}-${String(sent)}`, lang: 'en' } };
        },
        onResponse: (status, body) => {
          if (status === 200 && body.startsWith('{"code":0,')) acknowledged += 1;
          else refused += 1;
        },
      },
    ],
  });
  return {
    giftsPerSecond: Math.round(acknowledged / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    acknowledged,
    refused,
  };
}

/** One more gift, answered once the calls autocannon left behind are through (the database serves them in turn). */
async function drain(ready: GiftServerReady): Promise<void> {
  const path = `/api/member/handselGift?anchor_uid=${String(ready.room.anchorId)}&room_id=${String(ready.room.id)}&gift_id=${String(ready.giftId)}&count=1`;
  await fetch(`http://127.0.0.1:${String(ready.port)}${path}`, {
    headers: { token: ready.senders[0]!.token, 'idempotency-key': `gift-bench-drain-${String(process.pid)}-${Date.now().toString(36)}` },
  });
}

/**
 * Gifts at a steady `rate` for `seconds`, one every 1/rate s whatever the answers (autocannon's overallRate sends
 * each second's calls in a burst, which times its own queue). Latency from each call's due time.
 */
async function pacedGiftLoad(ready: GiftServerReady, seconds: number, rate: number): Promise<Load> {
  const path = `/api/member/handselGift?anchor_uid=${String(ready.room.anchorId)}&room_id=${String(ready.room.id)}&gift_id=${String(ready.giftId)}&count=1`;
  const run = `${String(process.pid)}p${Date.now().toString(36)}`;
  const latencies: number[] = [];
  let acknowledged = 0;
  let refused = 0;
  const calls: Array<Promise<void>> = [];
  const started = performance.now();
  const total = Math.round(seconds * rate);
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sender = ready.senders[index % ready.senders.length]!;
    calls.push(
      fetch(`http://127.0.0.1:${String(ready.port)}${path}`, {
        headers: { token: sender.token, 'idempotency-key': `gift-bench-${run}-${String(index)}`, lang: 'en' },
      })
        .then((response) => response.text())
        .then((body) => {
          latencies.push(performance.now() - due);
          if (body.startsWith('{"code":0,')) acknowledged += 1;
          else refused += 1;
        }),
    );
  }
  await Promise.all(calls);
  return {
    giftsPerSecond: Math.round(acknowledged / seconds),
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    acknowledged,
    refused,
  };
}

async function benchGiftThroughput(label: string, env: Record<string, string>): Promise<void> {
  const server = await startGiftServer(env);
  try {
    const { ready } = server;
    // Cold code and empty caches first: not counted.
    await giftLoad(ready, 2, 32);
    await drain(ready);
    const cpuBefore = cpuMs(server.pid);
    const most = await giftLoad(ready, 8, 32);
    await drain(ready);
    // The server's own CPU per gift: on a shared machine the rate depends on what else runs, this does not.
    const cpuPerGift = (cpuMs(server.pid) - cpuBefore) / Math.max(1, most.acknowledged + most.refused + 1);
    const half = await pacedGiftLoad(ready, 8, Math.max(1, Math.round(most.giftsPerSecond / 2)));
    await drain(ready);
    const goal = ready.database === 'pglite' ? 500 : 1500;
    console.log(
      `gifts on ${label} (${server.pinned ? 'server pinned to core 0' : 'server unpinned'}, ${String(ready.senders.length)} senders on 32 connections, one room): ` +
        `${String(most.giftsPerSecond)}/s (goal ≥${String(goal)}), p50 ${String(most.p50)} ms, p99 ${String(most.p99)} ms at the most; ` +
        `at half (${String(half.giftsPerSecond)}/s) p50 ${String(half.p50)} ms, p99 ${String(half.p99)} ms (goal ≤25); ` +
        `${String(most.refused + half.refused)} refused; server CPU ${cpuPerGift.toFixed(1)} ms a gift (${ready.database === 'pglite' ? 'database included' : 'PostgreSQL not included'})`,
    );
  } finally {
    await server.stop();
  }
}

/** Gifts per second and p99 on PGlite (a data directory) and on PostgreSQL (a database of the run's own). */
export async function benchGifts(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-gift-bench-'));
  try {
    await benchGiftThroughput('PGlite', { GIFT_DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`gifts on PostgreSQL: skipped, no PostgreSQL at ${postgresAdminUrl} (BENCH_POSTGRES_URL)`);
    return;
  }
  const name = `pitchside_gift_bench_${String(process.pid)}`;
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    await benchGiftThroughput('PostgreSQL', { GIFT_DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Gift to effect: from sending a gift to each viewer's receipt of its frame, 5,000 viewers in one room (PGlite). */
export async function benchGiftEffect(viewers = 5000, gifts = 20, intervalMs = 1000): Promise<{ p50: number; p99: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-gift-bench-'));
  const server = await startGiftServer({ GIFT_DATA_DIR: dataDir, SENDERS: String(gifts) });
  const { ready } = server;
  const url = `ws://127.0.0.1:${String(ready.port)}/im`;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let delivered = 0;
  const sockets: WebSocket[] = [];
  try {
    for (let opened = 0; opened < viewers; opened += connectBatch) {
      const batch = await Promise.all(Array.from({ length: Math.min(connectBatch, viewers - opened) }, () => openSocket(url)));
      await Promise.all(batch.map((ws) => joinGroup(ws, ready.viewer, ready.room.groupID)));
      for (const [index, ws] of batch.entries()) {
        // Every viewer counts what reaches it; one in ten also reads whose gift it is, so the viewers' own work
        // (one process against the server's 5,000 sockets) stays small beside what is measured.
        const sampled = (opened + index) % sampleEvery === 0;
        ws.on('message', (data: Buffer) => {
          if (!data.subarray(0, messagePrefix.length).equals(messagePrefix)) return;
          delivered += 1;
          if (!sampled) return;
          const from = fromPattern.exec(data.toString());
          const sent = from ? sentAt.get(from[1]!) : undefined;
          if (sent !== undefined) latencies.push(epochMs() - sent);
        });
      }
      sockets.push(...batch);
    }
    const path = `/api/member/handselGift?anchor_uid=${String(ready.room.anchorId)}&room_id=${String(ready.room.id)}&gift_id=${String(ready.giftId)}&count=1`;
    let acknowledged = 0;
    for (const [index, sender] of ready.senders.slice(0, gifts).entries()) {
      sentAt.set(String(sender.id), epochMs());
      const response = await fetch(`http://127.0.0.1:${String(ready.port)}${path}`, {
        headers: { token: sender.token, 'idempotency-key': `gift-effect-${String(process.pid)}-${String(index)}`, lang: 'en' },
      });
      if (((await response.json()) as { code: number }).code === 0) acknowledged += 1;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    const expected = viewers * acknowledged;
    for (const giveUp = Date.now() + 30_000; delivered < expected && Date.now() < giveUp; ) await new Promise((resolve) => setTimeout(resolve, 100));
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `gift to effect, ${String(viewers)} viewers in one room (${server.pinned ? 'server pinned to core 0' : 'server unpinned'}, PGlite), ${String(acknowledged)} of ${String(gifts)} gifts acknowledged, one every ${String(intervalMs)} ms: ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms from the send to the frame, over every tenth viewer (${String(latencies.length)} timed); ` +
        `${String(delivered)} of ${String(expected)} frames arrived`,
    );
    return { p50, p99 };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.env.GIFT_BENCH;
  if (only !== 'effect') await benchGifts();
  if (only !== 'throughput') {
    console.log('');
    await benchGiftEffect(Number(process.env.VIEWERS ?? 5000));
  }
}
