// How long the site socket's process blocks while many score sockets close at once (a page reload wave, a
// load balancer draining a process): the server here, the clients in a child process, the event loop's delay
// sampled by perf_hooks while every client closes its socket in the same moment. Figures, not pass/fail.
// `npx tsx tests/load/socket-close-bench.ts [sockets]` runs it alone; BENCH_ONLY=close runs it from `npm run bench`.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { WebSocket } from 'ws';
import { loadContract } from '../../server/contract/contract.ts';
import { InProcessBus } from '../../server/realtime/bus.ts';
import { createSiteSocketHub } from '../../server/realtime/site-socket-hub.ts';
import { siteSocketRoutes } from '../../server/realtime/site-socket-routes.ts';

type ToClients = { type: 'open'; url: string; count: number } | { type: 'close' };
type FromClients = { type: 'opened' } | { type: 'closed' };

/** The child: opens `count` subscribed score sockets, then closes them all in one turn when told. */
async function clients(): Promise<void> {
  const sockets: WebSocket[] = [];
  process.on('message', async (message: ToClients) => {
    if (message.type === 'open') {
      for (let i = 0; i < message.count; i += 200) {
        const batch = Array.from({ length: Math.min(200, message.count - i) }, () => {
          const ws = new WebSocket(message.url);
          sockets.push(ws);
          return new Promise<void>((resolve, reject) =>
            ws.once('open', () => {
              ws.send(JSON.stringify({ type: 'register', info: 'web' }));
              ws.send(JSON.stringify({ type: 'classify', classify_type: 0 }));
              resolve();
            }).once('error', reject),
          );
        });
        await Promise.all(batch);
      }
      process.send!({ type: 'opened' } satisfies FromClients);
    } else {
      const closed = sockets.map((ws) => new Promise((resolve) => ws.once('close', resolve)));
      for (const ws of sockets) ws.close(1001, 'page left');
      await Promise.all(closed);
      process.send!({ type: 'closed' } satisfies FromClients);
    }
  });
}

/** The largest gap between timer turns (1 ms apart), in ms: what a request or a fan-out would have waited. */
function worstGap() {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  return { stop: () => (clearInterval(timer), worst) };
}

export async function benchSocketClose(count = Number(process.env.CLOSE_SOCKETS ?? 5000)): Promise<void> {
  const bus = new InProcessBus();
  const app = Fastify({ logger: false });
  await app.register(websocket);
  const hub = await createSiteSocketHub(
    { bus, contract: loadContract(), resolveToken: async () => null, onQrLogin: async () => 'no QR logins here' },
    app.log,
  );
  await app.register(siteSocketRoutes, { hub });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'] });
  const next = () => new Promise<FromClients>((resolve) => child.once('message', resolve));
  try {
    child.send({ type: 'open', url: `ws://127.0.0.1:${port}/ws`, count } satisfies ToClients);
    await next();
    while (hub.connectionCount() < count) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const gap = worstGap();
    const cpuAt = process.cpuUsage();
    const startedAt = performance.now();
    child.send({ type: 'close' } satisfies ToClients);
    await next();
    while (hub.connectionCount() > 0) await new Promise((resolve) => setImmediate(resolve));
    const tookMs = performance.now() - startedAt;
    const { user, system } = process.cpuUsage(cpuAt);
    await new Promise((resolve) => setTimeout(resolve, 100));
    delay.disable();
    const worst = gap.stop();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(`\nclosing ${String(count)} score sockets at once (load average ${loadAverage()}):`);
    console.log(
      `  all gone from the hub in ${tookMs.toFixed(0)} ms, server CPU ${((user + system) / 1000).toFixed(0)} ms; event-loop delay p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms; longest gap between 1 ms timers ${worst.toFixed(1)} ms (goal ≤ 50 ms)`,
    );
  } finally {
    child.kill();
    await app.close();
    await bus.close();
  }
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

if (process.argv.includes('--clients')) {
  await clients();
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchSocketClose(Number(process.argv[2] ?? 5000));
}
