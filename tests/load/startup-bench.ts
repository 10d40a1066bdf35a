// Start-up as a user has it: `npm start` spawned as it is typed, timed to its first API answer
// with code 0 (not to the first page, which the site answers before its database is open), with the phases the
// server marks on its way (server/main.ts logs them, in ms since its process started, on 'the database is ready').
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import WebSocket from 'ws';
import { clusterTemplatePath } from '../../server/db/cluster-template.ts';
import { buildTheApp } from '../../server/site/app-build.ts';
import { freshServerBundle } from '../../scripts/server-bundle.mjs';
import { freePort } from '../free-port.ts';
import { percentile } from './percentile.ts';

interface StartTiming {
  firstApiMs: number;
  pageMs?: number;
  /** The first code 100 push a score socket, opened at the first API answer, got. */
  firstPushMs?: number;
  /** Phase → ms since the spawn. */
  phases: Record<string, number>;
}

/** This process sits on one core when the bench pins it, and its children inherit that: a start is given both back. */
const bothCores = spawnSync('taskset', ['-c', '0-1', 'true']).status === 0 ? ['taskset', '-c', '0-1'] : [];

async function answersCode0(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    return response.ok && ((await response.json()) as { code?: number }).code === 0;
  } catch {
    return false;
  }
}

async function answersPage(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Resolves with the time the first code 100 push reaches a socket subscribed as the football page does. */
function firstPush(url: string, started: number): { at: Promise<number>; close: () => void } {
  const socket = new WebSocket(url);
  const at = new Promise<number>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      for (const frame of [{ type: 'register', info: 'web' }, { type: 'toggle', company_id: 1 }, { type: 'classify', classify_type: 0 }]) {
        socket.send(JSON.stringify(frame));
      }
    });
    socket.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { code?: number }).code === 100) resolve(Math.round(performance.now() - started));
    });
  });
  return { at, close: () => socket.close() };
}

/** One `npm start` from spawn to first API answer (and, when `page`, to the app's page and the first push), then stopped. */
async function timeStart(env: Record<string, string>, page: boolean): Promise<StartTiming> {
  const port = await freePort();
  const [command = 'npm', ...args] = [...bothCores, 'npm', 'start'];
  const spawnedAt = Date.now();
  const started = performance.now();
  const site = spawn(command, args, {
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let log = '';
  site.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const deadline = Date.now() + 180_000;
  const until = async (ready: () => Promise<boolean>, what: string) => {
    while (!(await ready())) {
      if (site.exitCode !== null) throw new Error(`npm start exited with ${site.exitCode} before ${what}\n${log.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`npm start gave no ${what} in time`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Math.round(performance.now() - started);
  };
  try {
    const pageAnswered = page ? until(() => answersPage(`http://127.0.0.1:${port}/main`), 'page') : undefined;
    const firstApiMs = await until(() => answersCode0(`http://127.0.0.1:${port}/api/universal/getConfig`), 'API answer');
    const pageMs = await pageAnswered;
    let firstPushMs: number | undefined;
    if (page) {
      const push = firstPush(`ws://127.0.0.1:${port}/ws`, started);
      try {
        firstPushMs = await Promise.race([push.at, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 90_000))]);
      } finally {
        push.close();
      }
    }
    await until(async () => log.includes('the database is ready'), 'start-up timeline');
    const line = log.split('\n').find((text) => text.includes('the database is ready')) ?? '{}';
    const { processStartedAt, timeline } = JSON.parse(line) as { processStartedAt: number; timeline: Record<string, number> };
    const offset = processStartedAt - spawnedAt;
    const phases: Record<string, number> = { 'node started': offset };
    for (const [name, ms] of Object.entries(timeline)) phases[name] = ms + offset;
    return { firstApiMs, pageMs, firstPushMs, phases };
  } finally {
    const exited = new Promise((resolve) => site.once('exit', resolve));
    if (site.pid !== undefined && site.exitCode === null) process.kill(-site.pid, 'SIGTERM');
    await exited;
  }
}

function median(values: number[]): number {
  return Math.round(percentile(values, 50));
}

/** What the start-up does once the database is ready, after the calls that waited for it. */
const afterReady = ['media server started', 'quiet', 'feed started', 'started'];

/** The phases up to the first API answer, each the median of the runs, in the order they happen. */
function describePhases(runs: StartTiming[]): string {
  const names = [...new Set(runs.flatMap((run) => Object.keys(run.phases)))].filter(
    (name) => !afterReady.includes(name) && runs.every((run) => name in run.phases),
  );
  const phases = names.map((name) => [name, median(runs.map((run) => run.phases[name] ?? 0))] as const);
  const first = median(runs.map((run) => run.firstApiMs));
  return [...phases, ['first API answer', first] as const]
    .sort((a, b) => a[1] - b[1])
    .map(([name, ms]) => `${name} ${ms}`)
    .join(' · ');
}

/**
 * Cold: a fresh clone's first `npm start` after `npm install` (which built the app, scripts/prepare-database.ts, and
 * a new data directory). Warm: the same data directory and build again. Each `runs` times; leaves the data directory
 * seeded and the build in `distDir` for the benches after.
 */
export async function benchStartup(dataDir: string, distDir: string, runs = Number(process.env.BENCH_STARTS ?? 3)): Promise<void> {
  // As `npm install` leaves it: sources changed since are bundled now, not by the first start timed, and the app built.
  await freshServerBundle();
  rmSync(distDir, { recursive: true, force: true });
  const building = performance.now();
  await buildTheApp(distDir);
  console.log(`npm install's build of the app (postinstall): ${Math.round(performance.now() - building)} ms`);
  const cold: StartTiming[] = [];
  for (let run = 0; run < runs; run++) {
    rmSync(dataDir, { recursive: true, force: true });
    cold.push(await timeStart({ DATA_DIR: dataDir, DIST_DIR: distDir }, true));
  }
  const warm: StartTiming[] = [];
  for (let run = 0; run < runs; run++) warm.push(await timeStart({ DATA_DIR: dataDir, DIST_DIR: distDir }, false));

  const from = existsSync(clusterTemplatePath()) ? "npm install's cluster" : 'initdb';
  const list = (values: number[]) => values.join(', ');
  console.log(
    `cold start of a fresh clone (\`npm start\` from its spawn after \`npm install\`, which built the app: a new data directory from ${from}, migrated, seeded), median of ${runs}: ` +
      `first API answer ${median(cold.map((run) => run.firstApiMs))} ms (goal ≤5000; runs ${list(cold.map((run) => run.firstApiMs))}), ` +
      `/main page served ${median(cold.map((run) => run.pageMs ?? 0))} ms (goal ≤3000; runs ${list(cold.map((run) => run.pageMs ?? 0))}), ` +
      `first score push ${median(cold.map((run) => run.firstPushMs ?? 90_000))} ms (a socket opened at the first API answer; goal ≤5000 after it: ` +
      `${cold.map((run) => (run.firstPushMs === undefined ? 'none in 90 s' : String(run.firstPushMs - run.firstApiMs))).join(', ')} ms after it)`,
  );
  console.log(`  ms from the spawn: ${describePhases(cold)}`);
  console.log(
    `warm start (\`npm start\` again: the same data directory, the build up to date), median of ${runs}: ` +
      `first API answer ${median(warm.map((run) => run.firstApiMs))} ms (goal ≤2000; runs ${list(warm.map((run) => run.firstApiMs))})`,
  );
  console.log(`  ms from the spawn: ${describePhases(warm)}`);
}
