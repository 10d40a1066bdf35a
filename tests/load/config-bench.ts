// `universal/getConfig` as a newcomer's `npm start` serves it: the server's bundle by plain Node, with the
// environment a fresh clone has (no LOG_LEVEL, so the default log), against a bare Fastify route answering the
// same bytes with the same headers, on the same core. Also the log it writes meanwhile, and the tail at half load.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshServerBundle } from '../../scripts/server-bundle.mjs';
import { freePort } from '../free-port.ts';
import { percentile } from './percentile.ts';
import { cpuMs } from './process-cpu.ts';

const pin = spawnSync('taskset', ['-c', '0', 'true']).status === 0 ? ['taskset', '-c', '0'] : [];

function spawnPinned(script: string, env: NodeJS.ProcessEnv, stdout: 'ignore' | 'pipe'): ChildProcess {
  const [command = process.execPath, ...args] = [...pin, process.execPath, script];
  return spawn(command, args, { env, stdio: ['ignore', stdout, 'inherit'] });
}

async function answers(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok && (!url.includes('/api/') || ((await response.json()) as { code?: number }).code === 0)) return;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${String(child.exitCode)}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until the started site is under 5 % of its core for two half-seconds running (its feed started, between passes). */
async function idle(pid: number | undefined, atMostMs = 60_000): Promise<void> {
  const deadline = Date.now() + atMostMs;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline; ) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet = cpuMs(pid) - before <= 25 ? quiet + 1 : 0;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A rate, a tail, and the CPU the server (`pid`) spent per answer in µs, which the shared machine blurs less. */
async function load(url: string, seconds: number, pid: number | undefined, overallRate?: number) {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 32, duration: seconds, pipelining: 1, ...(overallRate ? { overallRate } : {}) });
  const total = result.requests.total;
  return { rate: Math.round(result.requests.average), total, p99: result.latency.p99, p50: result.latency.p50, cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, total) };
}

export async function benchGetConfig(distDir?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-config-bench-'));
  const answerFile = join(dataDir, 'answer.json');
  const { file: bundle } = await freshServerBundle();
  const port = await freePort();
  // The environment of a newcomer's shell: what the bench's own environment sets about logging is left out.
  const { LOG_LEVEL: _level, LOG_SAMPLE: _sample, LOG_SUMMARY_MS: _every, LOG_SLOW_MS: _slow, NODE_ENV: _mode, ...env } = process.env;
  const site = spawnPinned(
    bundle,
    { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...(distDir && existsSync(distDir) ? { DIST_DIR: distDir } : {}) },
    'pipe',
  );
  let logBytes = 0;
  let log = '';
  site.stdout?.on('data', (chunk: Buffer) => {
    logBytes += chunk.length;
    if (log.length < 1_000_000) log += chunk.toString('utf8');
  });
  const url = `http://127.0.0.1:${port}/api/universal/getConfig`;
  try {
    await answers(url, site);
    // Started: its feed's first pass done, the demo rooms rotating (server/main.ts logs this line last).
    for (const deadline = Date.now() + 120_000; !log.includes('the database is ready') && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await idle(site.pid);
    const first = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await first.arrayBuffer());
    writeFileSync(answerFile, body);
    const headers: Record<string, string> = {};
    first.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    const barePort = await freePort();
    const bare = spawnPinned('tests/load/bare-server.mjs', { ...env, PORT: String(barePort), BARE_ANSWER_FILE: answerFile, BARE_HEADERS: JSON.stringify(headers) }, 'ignore');
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    try {
      await answers(bareUrl, bare);
      // Warm both (connections opened, code optimised), then alternate, so a drift of the shared machine falls on both.
      await load(url, 2, site.pid);
      await load(bareUrl, 2, bare.pid);
      const logBefore = logBytes;
      const rates = { route: [] as number[], bare: [] as number[] };
      const cpu = { route: [] as number[], bare: [] as number[] };
      let routeRequests = 0;
      for (let round = 0; round < 6; round++) {
        for (const side of round % 2 === 0 ? (['route', 'bare'] as const) : (['bare', 'route'] as const)) {
          const measured = side === 'route' ? await load(url, 3, site.pid) : await load(bareUrl, 3, bare.pid);
          rates[side].push(measured.rate);
          cpu[side].push(measured.cpuUs);
          if (side === 'route') routeRequests += measured.total;
        }
      }
      const logPerRequest = (logBytes - logBefore) / Math.max(1, routeRequests);
      const [routeRps, bareRps] = [percentile(rates.route, 50), percentile(rates.bare, 50)];
      const [routeCpu, bareCpu] = [percentile(cpu.route, 50), percentile(cpu.bare, 50)];
      // The tail at half of the bare route's rate, each side at the same offered rate, twice alternating.
      const half = Math.round(bareRps / 2);
      const tails = { route: [] as number[], bare: [] as number[] };
      for (const side of ['route', 'bare', 'bare', 'route'] as const) {
        tails[side].push((side === 'route' ? await load(url, 4, site.pid, half) : await load(bareUrl, 4, bare.pid, half)).p99);
      }
      console.log(
        `universal/getConfig as \`npm start\` serves it (default log), ${body.length} B, against a bare Fastify route of the same bytes and headers, one core (6 rounds of 3 s alternating, medians):\n` +
          `  ${routeRps} req/s, bare ${bareRps} → ${(routeRps / bareRps).toFixed(2)} of bare (goal ≥0.80)  [route ${rates.route.join(' ')}; bare ${rates.bare.join(' ')}]\n` +
          `  server CPU per answer ${routeCpu.toFixed(1)} µs, bare ${bareCpu.toFixed(1)} µs → ${(bareCpu / routeCpu).toFixed(2)} of bare's cost\n` +
          `  p99 at half load (${half}/s): ${Math.min(...tails.route)} ms, bare ${Math.min(...tails.bare)} ms (goal ≤10 ms; best of 2 each: route ${tails.route.join(' ')}, bare ${tails.bare.join(' ')})\n` +
          `  log written meanwhile: ${logPerRequest.toFixed(2)} B per request (${((logPerRequest * routeRps * 300) / 1e6).toFixed(1)} MB per 5 minutes at this rate)`,
      );
    } finally {
      await stop(bare);
    }
  } finally {
    await stop(site);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
