// `npm run start:cluster`: several server processes on one PostgreSQL and one Redis behind HAProxy on one port
// (README, "Several processes"). The first process starts alone (it migrates and seeds the database), the others
// once it is ready; HAProxy sends calls and sockets to the processes whose GET /ready answers 200, so no process
// gets traffic while it starts or drains. A process that dies is started again; SIGHUP restarts them one at a
// time (each drains first); SIGINT or SIGTERM stops them all, then HAProxy.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run start:cluster [-- --workers 3 --sources]
//
// PORT (default 8080) is the balancer's; the processes listen on 127.0.0.1 at PORT+1 … PORT+N.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const workers = Number(option('workers') ?? process.env.WORKERS ?? 2);
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const fromSources = process.argv.includes('--sources');
const databaseUrl = process.env.DATABASE_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? '';

function refuse(message: string): never {
  console.error(`start:cluster: ${message}`);
  process.exit(2);
}

if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  refuse(
    'several processes need one shared PostgreSQL: PGlite is a database inside one process, so it cannot be shared.\n' +
      '  Set DATABASE_URL=postgres://user@host:5432/pitchside and REDIS_URL=redis://host:6379, or run `npm start` for one process on PGlite.',
  );
}
if (!/^rediss?:\/\//.test(redisUrl)) {
  refuse('the processes share their events, sessions, limits and socket history through Redis: set REDIS_URL=redis://host:6379.');
}
if (!Number.isInteger(workers) || workers < 1 || workers > 32) refuse('--workers takes a number from 1 to 32.');
const haproxyBinary = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path));
if (!haproxyBinary) refuse('HAProxy is the load balancer: install it (Debian: sudo apt-get install -y haproxy).');

/** SPEC §9's heartbeat is 30 s and a socket silent for twice that is closed: the balancer's idle timeouts are above both. */
const tunnelTimeout = '90s';

function haproxyConfig(): string {
  const servers = Array.from({ length: workers }, (_, index) => `  server w${index + 1} 127.0.0.1:${port + index + 1}`);
  return [
    // No maxconn: HAProxy derives it from the file descriptor limit (ulimit -n), two per proxied connection.
    'global',
    '',
    'defaults',
    '  mode http',
    '  option http-server-close',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    '  timeout connect 3s',
    '  timeout client 60s',
    '  timeout server 60s',
    `  timeout tunnel ${tunnelTimeout}`,
    '  timeout client-fin 5s',
    '  timeout http-request 15s',
    '',
    'frontend site',
    `  bind ${host}:${port}`,
    '  default_backend processes',
    '',
    // Least connections spreads the long-lived sockets; any process answers any call and any socket resumes on
    // any process, so no stickiness.
    'backend processes',
    '  balance leastconn',
    '  option httpchk',
    '  http-check send meth GET uri /ready',
    '  http-check expect status 200',
    '  default-server check inter 1s fastinter 500ms downinter 1s fall 2 rise 1',
    ...servers,
    '',
  ].join('\n');
}

const runDir = mkdtempSync(join(tmpdir(), 'pitchside-cluster-'));
const configFile = join(runDir, 'haproxy.cfg');
writeFileSync(configFile, haproxyConfig());

let entry: string[];
if (fromSources) {
  entry = ['--import', 'tsx', join(root, 'server/main.ts')];
} else {
  // Bundled once here, so the processes do not all bundle at once.
  const { freshServerBundle } = (await import(join(root, 'scripts/server-bundle.mjs'))) as {
    freshServerBundle: () => Promise<{ file: string }>;
  };
  entry = [(await freshServerBundle()).file];
}
if (process.argv.includes('--build')) {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) refuse('the app could not be built.');
}

interface Worker {
  id: number;
  port: number;
  child: ChildProcess | null;
  /** Stopped on purpose (a restart or the end): not started again when it exits. */
  stopping: boolean;
}

const pool: Worker[] = Array.from({ length: workers }, (_, index) => ({ id: index + 1, port: port + index + 1, child: null, stopping: false }));
let ending = false;

function say(line: string): void {
  console.log(`cluster: ${line}`);
}

function startWorker(worker: Worker): void {
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(worker.port),
      HOST: '127.0.0.1',
      // HAProxy's X-Forwarded-For names the caller: per-address limits see the visitor, not the balancer.
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
      // Long enough for the health check (fall 2 × 500 ms) to take a draining process out of the pool.
      DRAIN_MS: process.env.DRAIN_MS ?? '1500',
      // One nginx takes RTMP pushes for the site: the first process's.
      MEDIA_SERVER: worker.id === 1 ? process.env.MEDIA_SERVER : 'off',
      CLUSTER_WORKER: String(worker.id),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker.child = child;
  worker.stopping = false;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => console.log(`[w${worker.id}] ${line}`));
  }
  say(`worker ${worker.id} (pid ${child.pid}) starting on 127.0.0.1:${worker.port}`);
  child.once('exit', (code, signal) => {
    say(`worker ${worker.id} (pid ${child.pid}) exited (${signal ?? `code ${code}`})`);
    if (worker.child === child) worker.child = null;
    if (!ending && !worker.stopping) setTimeout(() => !ending && !worker.child && startWorker(worker), 1000);
  });
}

async function ready(worker: Worker, timeoutMs = 180_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !ending) {
    try {
      const answer = await fetch(`http://127.0.0.1:${worker.port}/ready`, { signal: AbortSignal.timeout(1000) });
      if (answer.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function stopWorker(worker: Worker, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const child = worker.child;
  if (!child) return Promise.resolve();
  worker.stopping = true;
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill(signal);
  });
}

const haproxy = spawn(haproxyBinary, ['-db', '-f', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
haproxy.once('exit', (code) => {
  if (!ending) {
    say(`HAProxy exited (code ${code}): stopping`);
    void end(1);
  }
});

async function end(code: number): Promise<void> {
  if (ending) return;
  ending = true;
  say('stopping the processes');
  await Promise.all(pool.map((worker) => stopWorker(worker)));
  haproxy.kill('SIGTERM');
  rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}
process.once('SIGINT', () => void end(0));
process.once('SIGTERM', () => void end(0));

/** One process after another: the others keep serving, each comes back ready before the next goes. */
async function rollingRestart(): Promise<void> {
  for (const worker of pool) {
    if (ending) return;
    say(`restarting worker ${worker.id}`);
    await stopWorker(worker);
    startWorker(worker);
    await ready(worker);
  }
  say('rolling restart done');
}
process.on('SIGHUP', () => void rollingRestart());

// The first process migrates and seeds; the others start once it has.
startWorker(pool[0]!);
if (!(await ready(pool[0]!))) {
  say('the first process did not become ready');
  await end(1);
}
for (const worker of pool.slice(1)) startWorker(worker);
await Promise.all(pool.slice(1).map((worker) => ready(worker)));
say(`ready: http://localhost:${port} → ${pool.map((worker) => `127.0.0.1:${worker.port}`).join(', ')}`);
