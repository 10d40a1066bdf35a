// Fan-out of the score socket: N clients over loopback (spread over several 127.0.0.x source
// addresses, since one address has some 28k ephemeral ports), subscribed as the football page is
// (register, toggle, classify 0). The server, pinned to one core, plays its live feed in real time
// while a goal pop-up goes out every second; then it plays five feed minutes back to back.
// Printed: goal delivery p50/p99 (publish to a client's receipt), messages/s per core of server CPU,
// server RSS. FANOUT_SHARDS=2 runs the server as two processes behind the Redis bus (REDIS_URL, else
// 127.0.0.1:6379), one per core, the clients split between them and unpinned.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FanoutReply, FanoutRequest, PublishedGoal } from './fanout-server.ts';
import { percentile } from './percentile.ts';

const serverScript = fileURLToPath(new URL('./fanout-server.ts', import.meta.url));
const epochMs = () => performance.timeOrigin + performance.now();
const goalPrefix = Buffer.from('{"code":100,"type":"goal","seq":');
const sourceAddresses = 8;
const connectBatch = 250;

type Usage = Extract<FanoutReply, { type: 'usage' }>;

function hardFileLimit(): number {
  const probe = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' });
  const limit = Number(probe.stdout.trim());
  return Number.isFinite(limit) && limit > 0 ? limit : 1024;
}

class Server {
  readonly #waiting: Array<{ resolve: (reply: FanoutReply) => void; reject: (error: Error) => void }> = [];

  private constructor(readonly child: ChildProcess) {
    child.on('message', (reply: FanoutReply) => this.#waiting.shift()?.resolve(reply));
    child.once('exit', (code) => {
      for (const waiter of this.#waiting.splice(0)) waiter.reject(new Error(`fan-out server exited with ${code}`));
    });
  }

  static async start(core: number | null, env: Record<string, string> = {}): Promise<{ server: Server; port: number }> {
    const child = fork(serverScript, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (core !== null && child.pid) {
      spawnSync('taskset', ['-a', '-p', '-c', String(core), String(child.pid)], { stdio: 'ignore' });
    }
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

  /** A whole text frame's payload, `at` being when the chunk that completed it was read. */
  onText(chunk: Buffer, start: number, end: number, at: number): void {
    this.messages += 1;
    // Only goal frames are read, and only their head: the clients must not be the bottleneck.
    if (end - start <= goalPrefix.length || goalPrefix.compare(chunk, start, start + goalPrefix.length) !== 0) return;
    let seq = 0;
    for (let i = start + goalPrefix.length; i < end && chunk[i]! >= 0x30 && chunk[i]! <= 0x39; i++) {
      seq = seq * 10 + chunk[i]! - 0x30;
    }
    const times = this.goals.get(seq);
    if (times) times.push(at);
    else this.goals.set(seq, [at]);
  }
}

/** A client frame: masked as RFC 6455 §5.3 requires, with a zero key, so the payload goes as it is. */
function clientTextFrame(message: object): Buffer {
  const payload = Buffer.from(JSON.stringify(message));
  if (payload.length > 125) throw new Error('bench client frames are short');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

const subscribeFrames = Buffer.concat([
  clientTextFrame({ type: 'register', info: 'web' }),
  clientTextFrame({ type: 'toggle', company_id: 1 }),
  clientTextFrame({ type: 'classify', classify_type: 0 }),
]);
const pongFrame = Buffer.from([0x8a, 0x80, 0, 0, 0, 0]);

/**
 * A WebSocket client on a bare TCP socket that only splits frames: with ws's client, parsing 20,000 sockets'
 * frames took as much CPU as the server sending them, and goal arrivals were stamped after that parsing.
 */
function openClient(port: number, localAddress: string, receipts: Receipts): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    socket.setNoDelay(true);
    socket.write(
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    socket.once('error', reject);
    let pending: Buffer | null = null;
    let upgraded = false;
    socket.on('data', (data: Buffer) => {
      const at = epochMs();
      const chunk = pending ? Buffer.concat([pending, data]) : data;
      pending = null;
      let offset = 0;
      if (!upgraded) {
        const end = chunk.indexOf('\r\n\r\n');
        if (end < 0) {
          pending = chunk;
          return;
        }
        const head = chunk.toString('latin1', 0, end);
        if (!head.startsWith('HTTP/1.1 101') || !head.includes(accept)) {
          socket.destroy();
          return reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
        }
        upgraded = true;
        socket.write(subscribeFrames);
        resolve(socket);
        offset = end + 4;
      }
      while (chunk.length - offset >= 2) {
        const opcode = chunk[offset]! & 0x0f;
        let length = chunk[offset + 1]! & 0x7f;
        let header = 2;
        if (length === 126) {
          if (chunk.length - offset < 4) break;
          length = chunk.readUInt16BE(offset + 2);
          header = 4;
        } else if (length === 127) {
          if (chunk.length - offset < 10) break;
          length = Number(chunk.readBigUInt64BE(offset + 2));
          header = 10;
        }
        if (chunk.length - offset < header + length) break;
        if (opcode === 0x1) receipts.onText(chunk, offset + header, offset + header + length, at);
        else if (opcode === 0x9) socket.write(pongFrame);
        offset += header + length;
      }
      if (offset < chunk.length) pending = chunk.subarray(offset);
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

/** The server processes: the first plays the feed and publishes, each fans out to its own clients. */
class Shards {
  private constructor(
    readonly servers: Server[],
    readonly ports: number[],
  ) {}

  static async start(count: number, pin: boolean): Promise<Shards> {
    const env: Record<string, string> =
      count > 1
        ? {
            FANOUT_REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
            FANOUT_CHANNEL_PREFIX: `fanout-bench:${process.pid}:${Date.now()}:`,
          }
        : {};
    const started = await Promise.all(
      Array.from({ length: count }, (_, shard) =>
        Server.start(pin ? shard % availableParallelism() : null, { ...env, FANOUT_SHARD: String(shard) }),
      ),
    );
    return new Shards(
      started.map(({ server }) => server),
      started.map(({ port }) => port),
    );
  }

  get publisher(): Server {
    return this.servers[0]!;
  }

  async usage(): Promise<Usage & { rssEach: number[] }> {
    const usages = await Promise.all(this.servers.map((server) => server.usage()));
    return {
      type: 'usage',
      cpuMicros: usages.reduce((sum, usage) => sum + usage.cpuMicros, 0),
      rss: usages.reduce((sum, usage) => sum + usage.rss, 0),
      rssEach: usages.map((usage) => usage.rss),
      connections: usages.reduce((sum, usage) => sum + usage.connections, 0),
      goals: usages[0]!.goals,
      // The worst process's.
      loopDelay: {
        p50: Math.max(...usages.map((usage) => usage.loopDelay.p50)),
        p99: Math.max(...usages.map((usage) => usage.loopDelay.p99)),
        max: Math.max(...usages.map((usage) => usage.loopDelay.max)),
      },
    };
  }

  async stop(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.stop()));
  }
}

export async function benchFanout(shardCount = Math.max(1, Number(process.env.FANOUT_SHARDS ?? 1))): Promise<void> {
  const canPin = availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const pin = process.env.FANOUT_PIN !== '0' && canPin;
  // The server holds one descriptor per client, within the hard limit on open files.
  const clients = Math.min(Number(process.env.FANOUT_CLIENTS ?? 20_000), hardFileLimit() - 300);
  // Sharded, the servers take a core each and the clients run where the scheduler puts them.
  const pinClients = pin && shardCount === 1;
  if (pinClients) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const placement =
    shardCount > 1
      ? `, server in ${shardCount} processes over the Redis bus${pin ? ', one per core' : ''}, clients unpinned`
      : pin
        ? ', server pinned to core 0, clients on core 1'
        : '';
  console.log(`\nfan-out: ${clients} socket clients from 127.0.0.1-${sourceAddresses} over loopback${placement}`);

  const shards = await Shards.start(shardCount, pin);
  const receipts = new Receipts();
  const sockets: Socket[] = [];
  try {
    const idle = await shards.usage();
    const started = performance.now();
    for (let i = 0; i < clients; i += connectBatch) {
      const batch = Array.from({ length: Math.min(connectBatch, clients - i) }, (_, j) =>
        openClient(shards.ports[(i + j) % shardCount]!, `127.0.0.${1 + ((i + j) % sourceAddresses)}`, receipts),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    await settle(receipts);
    const connected = await shards.usage();
    console.log(`  connected and subscribed in ${seconds(started)}; the server holds ${connected.connections}`);
    const perSocket = (connected.rss - idle.rss) / Math.max(1, connected.connections) / 1024;
    console.log(
      `  server RSS before the first socket: ${Math.round(idle.rss / 1024 / 1024)} MB; ${perSocket.toFixed(1)} KB per socket (bare ws 5.4–5.9 KB)`,
    );

    // The feed in real time (a pass every 5 s of play) with a goal pop-up every second.
    const sustainedSeconds = 30;
    let before = await shards.usage();
    let messagesBefore = receipts.messages;
    let wallBefore = performance.now();
    const clientCpuBefore = process.cpuUsage();
    for (let second = 0; second < sustainedSeconds; second++) {
      const tick = performance.now();
      if (second % 5 === 0) await shards.publisher.ask({ type: 'advance', ms: 5_000 });
      // Half a second into each second: a goal at some moment between the feed's passes.
      await sleep(Math.max(0, 500 - (performance.now() - tick)));
      await shards.publisher.ask({ type: 'goal' });
      await sleep(Math.max(0, 1000 - (performance.now() - tick)));
    }
    await settle(receipts);
    let after = await shards.usage();
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
      // A goal a client never got counts as the slowest delivery, so losing clients cannot improve the figure.
      for (let i = times.length; i < clients; i++) latencies.push(Infinity);
    }
    const sorted = Float64Array.from(latencies).sort();
    const handOff = Float64Array.from(goals.map((goal) => goal.handOffMs)).sort();
    const handOffCpu = Float64Array.from(goals.map((goal) => goal.handOffCpuMs)).sort();
    console.log(
      [
        `  goal event delivery (${goals.length} goals × ${clients} clients, feed playing in real time):`,
        `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(percentile(sorted, 100))}`,
        `${missing ? `(${missing} not delivered) ` : ''}(goal p99 ≤250 ms)`,
      ].join(' '),
    );
    // Over Redis the publisher's own fan-out starts when the message comes back, after this measure ends.
    if (shardCount === 1) {
      const handOffs = `p50 ${ms(percentile(handOff, 50))}, max ${ms(percentile(handOff, 100))}`;
      const cpu = `p50 ${ms(percentile(handOffCpu, 50))}, max ${ms(percentile(handOffCpu, 100))}`;
      console.log(`    of which the server writing a goal to every socket: ${handOffs} (server CPU ${cpu})`);
    }
    const delay = `p50 ${ms(after.loopDelay.p50)}, p99 ${ms(after.loopDelay.p99)}, max ${ms(after.loopDelay.max)}`;
    console.log(`  event-loop delay during it (worst server process): ${delay} (goal p99 ≤20 ms, max ≤50 ms)`);
    console.log(
      [
        `  sustained: ${thousands(sustainedMessages / sustainedWall)} messages/s`,
        `using ${(sustainedCpu / sustainedWall).toFixed(2)} of a server core`,
        `→ ${thousands(sustainedMessages / sustainedCpu)} messages/s per core`,
        `(the clients used ${clientCores.toFixed(2)} of a core)`,
      ].join(' '),
    );

    // Five feed minutes back to back: the server as busy as it can be.
    before = await shards.usage();
    messagesBefore = receipts.messages;
    wallBefore = performance.now();
    await shards.publisher.ask({ type: 'advance', ms: 5 * 60_000 });
    await settle(receipts);
    after = await shards.usage();
    const burstDelay = `p50 ${ms(after.loopDelay.p50)}, p99 ${ms(after.loopDelay.p99)}, max ${ms(after.loopDelay.max)}`;
    const burstMessages = receipts.messages - messagesBefore;
    const burstCpu = (after.cpuMicros - before.cpuMicros) / 1e6;
    console.log(
      [
        `  saturated: five feed minutes, ${thousands(burstMessages)} messages in ${seconds(wallBefore)},`,
        `${burstCpu.toFixed(1)} s of server CPU → ${thousands(burstMessages / burstCpu)} messages/s per core (goal ≥30k)`,
      ].join(' '),
    );
    console.log(`    event-loop delay while saturated: ${burstDelay}`);
    const each = shardCount > 1 ? ` (${after.rssEach.map((rss) => Math.round(rss / 1024 / 1024)).join(' + ')})` : '';
    console.log(`  server RSS with ${after.connections} sockets: ${Math.round(after.rss / 1024 / 1024)} MB${each}`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await shards.stop();
    if (pinClients) {
      spawnSync('taskset', ['-a', '-p', '-c', `0-${availableParallelism() - 1}`, String(process.pid)], { stdio: 'ignore' });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFanout();
