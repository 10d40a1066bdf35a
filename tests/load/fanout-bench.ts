// Fan-out of the score socket: N clients over loopback (spread over several 127.0.0.x source
// addresses, since one address has some 28k ephemeral ports), subscribed as the football page is
// (register, toggle, classify 0). The server, pinned to one core, plays its live feed in real time
// while a goal pop-up goes out every second; then it plays five feed minutes back to back.
// Printed: goal delivery p50/p99 (publish to a client's receipt), messages/s per core of server CPU,
// server RSS.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import type { FanoutReply, FanoutRequest, PublishedGoal } from './fanout-server.ts';

const serverScript = fileURLToPath(new URL('./fanout-server.ts', import.meta.url));
const epochMs = () => performance.timeOrigin + performance.now();
const goalPrefix = '{"code":100,"type":"goal","seq":';
const sourceAddresses = 8;
const connectBatch = 250;

type Usage = Extract<FanoutReply, { type: 'usage' }>;

function hardFileLimit(): number {
  const probe = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' });
  const limit = Number(probe.stdout.trim());
  return Number.isFinite(limit) && limit > 0 ? limit : 1024;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

class Server {
  readonly #waiting: Array<{ resolve: (reply: FanoutReply) => void; reject: (error: Error) => void }> = [];

  private constructor(readonly child: ChildProcess) {
    child.on('message', (reply: FanoutReply) => this.#waiting.shift()?.resolve(reply));
    child.once('exit', (code) => {
      for (const waiter of this.#waiting.splice(0)) waiter.reject(new Error(`fan-out server exited with ${code}`));
    });
  }

  static async start(pin: boolean): Promise<{ server: Server; port: number }> {
    const child = fork(serverScript, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (pin && child.pid) spawnSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' });
    const server = new Server(child);
    const ready = await server.#next();
    if (ready.type !== 'ready') throw new Error('fan-out server did not start');
    return { server, port: ready.port };
  }

  #next(): Promise<FanoutReply> {
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  ask(request: FanoutRequest): Promise<FanoutReply> {
    const reply = this.#next();
    this.child.send(request);
    return reply;
  }

  async usage(): Promise<Usage> {
    const reply = await this.ask({ type: 'usage' });
    if (reply.type !== 'usage') throw new Error('unexpected reply');
    return reply;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies FanoutRequest);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** What the clients saw: every message counted, each goal's arrival times by seq. */
class Receipts {
  messages = 0;
  readonly goals = new Map<number, number[]>();

  onMessage = (data: WebSocket.RawData): void => {
    this.messages += 1;
    const buffer = data as Buffer;
    // Only goal frames are read, and only their head: the clients must not be the bottleneck.
    if (buffer.length > goalPrefix.length && buffer.toString('latin1', 0, goalPrefix.length) === goalPrefix) {
      const at = epochMs();
      const seq = Number.parseInt(buffer.toString('latin1', goalPrefix.length, goalPrefix.length + 20), 10);
      const times = this.goals.get(seq);
      if (times) times.push(at);
      else this.goals.set(seq, [at]);
    }
  };
}

function openClient(url: string, localAddress: string, receipts: Receipts): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress, perMessageDeflate: false });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'register', info: 'web' }));
      socket.send(JSON.stringify({ type: 'toggle', company_id: 1 }));
      socket.send(JSON.stringify({ type: 'classify', classify_type: 0 }));
      socket.on('message', receipts.onMessage);
      resolve(socket);
    });
  });
}

async function settle(receipts: Receipts, quietMs = 300): Promise<void> {
  let seen = -1;
  while (receipts.messages !== seen) {
    seen = receipts.messages;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (fromMs: number) => `${((performance.now() - fromMs) / 1000).toFixed(1)} s`;

export async function benchFanout(): Promise<void> {
  const canPin = availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const pin = process.env.FANOUT_PIN !== '0' && canPin;
  // The server holds one descriptor per client, within the hard limit on open files.
  const clients = Math.min(Number(process.env.FANOUT_CLIENTS ?? 20_000), hardFileLimit() - 300);
  if (pin) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const placement = pin ? ', server pinned to core 0, clients on core 1' : '';
  console.log(`\nfan-out: ${clients} socket clients from 127.0.0.1-${sourceAddresses} over loopback${placement}`);

  const { server, port } = await Server.start(pin);
  const receipts = new Receipts();
  const sockets: WebSocket[] = [];
  try {
    const started = performance.now();
    for (let i = 0; i < clients; i += connectBatch) {
      const batch = Array.from({ length: Math.min(connectBatch, clients - i) }, (_, j) =>
        openClient(`ws://127.0.0.1:${port}/ws`, `127.0.0.${1 + ((i + j) % sourceAddresses)}`, receipts),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    await settle(receipts);
    console.log(`  connected and subscribed in ${seconds(started)}; the server holds ${(await server.usage()).connections}`);

    // The feed in real time (a pass every 5 s of play) with a goal pop-up every second.
    const sustainedSeconds = 30;
    let before = await server.usage();
    let messagesBefore = receipts.messages;
    let wallBefore = performance.now();
    const clientCpuBefore = process.cpuUsage();
    for (let second = 0; second < sustainedSeconds; second++) {
      const tick = performance.now();
      if (second % 5 === 0) await server.ask({ type: 'advance', ms: 5_000 });
      // Half a second into each second: a goal at some moment between the feed's passes.
      await sleep(Math.max(0, 500 - (performance.now() - tick)));
      await server.ask({ type: 'goal' });
      await sleep(Math.max(0, 1000 - (performance.now() - tick)));
    }
    await settle(receipts);
    let after = await server.usage();
    const goals: PublishedGoal[] = after.goals;
    const sustainedMessages = receipts.messages - messagesBefore;
    const sustainedCpu = (after.cpuMicros - before.cpuMicros) / 1e6;
    const sustainedWall = (performance.now() - wallBefore) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const clientCores = (clientCpu.user + clientCpu.system) / 1e6 / sustainedWall;

    const latencies: number[] = [];
    let missing = 0;
    for (const { seq, at } of goals) {
      const times = receipts.goals.get(seq) ?? [];
      missing += clients - times.length;
      for (const time of times) latencies.push(time - at);
    }
    const sorted = Float64Array.from(latencies).sort();
    const handOff = Float64Array.from(goals.map((goal) => goal.handOffMs)).sort();
    console.log(
      [
        `  goal event delivery (${goals.length} goals × ${clients} clients, feed playing in real time):`,
        `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(percentile(sorted, 100))}`,
        `${missing ? `(${missing} not delivered) ` : ''}(goal p99 ≤250 ms)`,
      ].join(' '),
    );
    const handOffs = `p50 ${ms(percentile(handOff, 50))}, max ${ms(percentile(handOff, 100))}`;
    console.log(`    of which the server writing a goal to every socket: ${handOffs}`);
    console.log(
      [
        `  sustained: ${thousands(sustainedMessages / sustainedWall)} messages/s`,
        `using ${(sustainedCpu / sustainedWall).toFixed(2)} of a server core`,
        `→ ${thousands(sustainedMessages / sustainedCpu)} messages/s per core`,
        `(the clients used ${clientCores.toFixed(2)} of a core)`,
      ].join(' '),
    );

    // Five feed minutes back to back: the server as busy as it can be.
    before = await server.usage();
    messagesBefore = receipts.messages;
    wallBefore = performance.now();
    await server.ask({ type: 'advance', ms: 5 * 60_000 });
    await settle(receipts);
    after = await server.usage();
    const burstMessages = receipts.messages - messagesBefore;
    const burstCpu = (after.cpuMicros - before.cpuMicros) / 1e6;
    console.log(
      [
        `  saturated: five feed minutes, ${thousands(burstMessages)} messages in ${seconds(wallBefore)},`,
        `${burstCpu.toFixed(1)} s of server CPU → ${thousands(burstMessages / burstCpu)} messages/s per core (goal ≥30k)`,
      ].join(' '),
    );
    console.log(`  server RSS with ${after.connections} sockets: ${Math.round(after.rss / 1024 / 1024)} MB`);
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
    if (pin) spawnSync('taskset', ['-a', '-p', '-c', `0-${availableParallelism() - 1}`, String(process.pid)], { stdio: 'ignore' });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFanout();
