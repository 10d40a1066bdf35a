// Fan-out of the site socket: N clients over loopback (spread over several 127.0.0.x source addresses, since
// one address has some 28k ephemeral ports), subscribed as the football page is (register, toggle, classify 0).
// The server plays its live feed in real time while a goal pop-up goes out every second; then it plays five feed
// minutes back to back. Printed: goal delivery p50/p99 (publish to a client's receipt) and where a goal's time
// goes on each server process, server CPU per delivered frame, event-loop delay, server RSS.
//
// The clients run in processes of their own (fanout-clients.ts), placed on a core like the servers:
// - benchFanout(1): one server process on core 0, every client on core 1 (the site's headline figure);
// - benchFanout(2): scaling out on a 2-core machine, where two server processes leave no core for the clients.
//   Each core then carries one server process and the clients of that process, and the same is measured with
//   one process: one server and half the clients on one core, against two servers over the Redis bus (REDIS_URL,
//   else 127.0.0.1:6379), each with its half on its own core. Equal per-event figures mean scaling out costs
//   nothing per event. A control follows (FANOUT_APART=0 skips it): the same two cores as two sites of their own
//   (each its feed, no bus), which costs what two busy cores cost and nothing of the bus. FANOUT_LAYOUT=shared-clients instead runs
//   the two servers one per core and the clients where the scheduler puts them (as this bench measured before).
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ClientsReply, ClientsRequest } from './fanout-clients.ts';
import type { FanoutReply, FanoutRequest, GoalTiming, PublishedGoal, StageTotals } from './fanout-server.ts';
import { percentile } from './percentile.ts';

const serverScript = fileURLToPath(new URL('./fanout-server.ts', import.meta.url));
const clientsScript = fileURLToPath(new URL('./fanout-clients.ts', import.meta.url));

type Usage = Extract<FanoutReply, { type: 'usage' }>;
type Receipts = Extract<ClientsReply, { type: 'receipts' }>;

function hardFileLimit(): number {
  const probe = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' });
  const limit = Number(probe.stdout.trim());
  return Number.isFinite(limit) && limit > 0 ? limit : 1024;
}

/** A child process of the benchmark that answers each request with one reply, in order. */
class Child<Request, Reply> {
  readonly #waiting: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];

  constructor(
    readonly child: ChildProcess,
    name: string,
  ) {
    child.on('message', (reply: Reply) => this.#waiting.shift()?.resolve(reply));
    child.once('exit', (code) => {
      for (const waiter of this.#waiting.splice(0)) waiter.reject(new Error(`${name} exited with ${code}`));
    });
  }

  static fork(script: string, core: number | null, env: Record<string, string>): ChildProcess {
    const child = fork(script, [], {
      execArgv: ['--import', 'tsx', ...(process.env.FANOUT_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FANOUT_CPU_PROF}`] : [])],
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Typed arrays of arrival times go over IPC as they are.
      serialization: 'advanced',
    });
    if (core !== null && child.pid) spawnSync('taskset', ['-a', '-p', '-c', String(core), String(child.pid)], { stdio: 'ignore' });
    return child;
  }

  next(): Promise<Reply> {
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  ask(request: Request): Promise<Reply> {
    const reply = this.next();
    this.child.send(request as object);
    return reply;
  }

  async stop(stop: Request): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send(stop as object);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

class Server extends Child<FanoutRequest, FanoutReply> {
  static async start(core: number | null, env: Record<string, string>): Promise<{ server: Server; port: number }> {
    const server = new Server(Child.fork(serverScript, core, env), 'fan-out server');
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error('fan-out server did not start');
    return { server, port: ready.port };
  }

  async usage(): Promise<Usage> {
    const reply = await this.ask({ type: 'usage' });
    if (reply.type !== 'usage') throw new Error('unexpected reply');
    return reply;
  }
}

/** One process of clients, all connected to one server process. */
class Clients extends Child<ClientsRequest, ClientsReply> {
  static async start(core: number | null): Promise<Clients> {
    const clients = new Clients(Child.fork(clientsScript, core, {}), 'fan-out clients');
    await clients.next();
    return clients;
  }

  async messages(): Promise<number> {
    const reply = await this.ask({ type: 'count' });
    if (reply.type !== 'count') throw new Error('unexpected reply');
    return reply.messages;
  }

  async receipts(): Promise<Receipts> {
    const reply = await this.ask({ type: 'receipts' });
    if (reply.type !== 'receipts') throw new Error('unexpected reply');
    return reply;
  }
}

/** Where the processes run: each server process on a core, and groups of clients, each loading one server. */
interface Layout {
  /** How the placement is printed. */
  title: string;
  serverCores: Array<number | null>;
  clientGroups: Array<{ shard: number; count: number; core: number | null }>;
  /**
   * Several server processes: joined by the Redis bus, process 0 playing the feed for all; or, without it, each a
   * site of its own that plays its own feed and publishes its own goals.
   */
  bus: boolean;
}

/** A goal as the process that published it reported it. */
type Goal = PublishedGoal & { shard: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const micros = (value: number) => `${value.toFixed(1)} µs`;
const median = (values: number[]) => percentile(values, 50);

/** What one phase (real-time feed, or the five minutes back to back) cost each process. */
interface Phase {
  wallSeconds: number;
  /** Per server process: CPU seconds, frames its clients got, and what its hub did. */
  servers: Array<{ cpuSeconds: number; frames: number; stages: StageTotals }>;
  clientCpuSeconds: number;
  loopDelay: Usage['loopDelay'];
}

interface FanoutRun {
  layout: Layout;
  clients: number;
  connectSeconds: number;
  rssIdle: number[];
  rssConnected: number[];
  connections: number;
  /** Per goal, per client group, each client's arrival; and each server process's timings. */
  goals: Goal[];
  arrivals: Array<Map<number, Float64Array>>;
  timings: Array<Map<number, GoalTiming>>;
  sustained: Phase;
  saturated: Phase;
}

/** The server processes and their clients, started, loaded and stopped as one. */
class Rig {
  private constructor(
    readonly layout: Layout,
    readonly servers: Server[],
    readonly ports: number[],
    readonly clients: Clients[],
  ) {}

  static async start(layout: Layout): Promise<Rig> {
    const shards = layout.serverCores.length;
    const env: Record<string, string> =
      shards > 1 && layout.bus
        ? {
            FANOUT_REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
            FANOUT_CHANNEL_PREFIX: `fanout-bench:${process.pid}:${Date.now()}:`,
          }
        : {};
    const started = await Promise.all(
      layout.serverCores.map((core, shard) =>
        Server.start(core, {
          ...env,
          // Without the bus each process is the first of its own site, and plays its own feed.
          FANOUT_SHARD: String(layout.bus ? shard : 0),
          // FANOUT_PORT: the first of the shards' ports, one each; else any free port.
          PORT: process.env.FANOUT_PORT ? String(Number(process.env.FANOUT_PORT) + shard) : '0',
        }),
      ),
    );
    const clients = await Promise.all(layout.clientGroups.map((group) => Clients.start(group.core)));
    return new Rig(
      layout,
      started.map(({ server }) => server),
      started.map(({ port }) => port),
      clients,
    );
  }

  /** The processes that play a feed and publish goals. */
  get publishers(): Server[] {
    return this.layout.bus ? [this.servers[0]!] : this.servers;
  }

  async ask(request: FanoutRequest): Promise<void> {
    await Promise.all(this.publishers.map((server) => server.ask(request)));
  }

  async open(): Promise<void> {
    let firstAddress = 0;
    await Promise.all(
      this.layout.clientGroups.map((group, index) => {
        const request: ClientsRequest = { type: 'open', port: this.ports[group.shard]!, count: group.count, firstAddress };
        firstAddress += group.count;
        return this.clients[index]!.ask(request);
      }),
    );
  }

  usages(): Promise<Usage[]> {
    return Promise.all(this.servers.map((server) => server.usage()));
  }

  receipts(): Promise<Receipts[]> {
    return Promise.all(this.clients.map((clients) => clients.receipts()));
  }

  /** Waits until no client has read a frame for `quietMs`. */
  async settle(quietMs = 300): Promise<void> {
    let seen = -1;
    for (;;) {
      const messages = (await Promise.all(this.clients.map((clients) => clients.messages()))).reduce((sum, n) => sum + n, 0);
      if (messages === seen) return;
      seen = messages;
      await sleep(quietMs);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((clients) => clients.stop({ type: 'stop' })));
    await Promise.all(this.servers.map((server) => server.stop({ type: 'stop' })));
  }
}

/** The cost of a phase, from the usages and receipts taken before and after it. */
function phase(rig: Rig, wallSeconds: number, before: [Usage[], Receipts[]], after: [Usage[], Receipts[]]): Phase {
  const frames = rig.servers.map(() => 0);
  rig.layout.clientGroups.forEach((group, index) => {
    frames[group.shard]! += after[1][index]!.messages - before[1][index]!.messages;
  });
  const clientCpu = after[1].reduce((sum, receipts, index) => sum + receipts.cpuMicros - before[1][index]!.cpuMicros, 0);
  const usages = after[0];
  return {
    wallSeconds,
    servers: usages.map((usage, shard) => ({
      cpuSeconds: (usage.cpuMicros - before[0][shard]!.cpuMicros) / 1e6,
      frames: frames[shard]!,
      stages: usage.stages,
    })),
    clientCpuSeconds: clientCpu / 1e6,
    loopDelay: {
      p50: Math.max(...usages.map((usage) => usage.loopDelay.p50)),
      p99: Math.max(...usages.map((usage) => usage.loopDelay.p99)),
      max: Math.max(...usages.map((usage) => usage.loopDelay.max)),
    },
  };
}

async function runFanout(layout: Layout): Promise<FanoutRun> {
  const clients = layout.clientGroups.reduce((sum, group) => sum + group.count, 0);
  const rig = await Rig.start(layout);
  try {
    const idle = await rig.usages();
    const started = performance.now();
    await rig.open();
    await rig.settle();
    const connectSeconds = (performance.now() - started) / 1000;
    const connected = await rig.usages();

    // The feed in real time (a pass every 5 s of play) with a goal pop-up every second.
    const sustainedSeconds = 30;
    let before: [Usage[], Receipts[]] = [await rig.usages(), await rig.receipts()];
    let wallBefore = performance.now();
    for (let second = 0; second < sustainedSeconds; second++) {
      const tick = performance.now();
      if (second % 5 === 0) await rig.ask({ type: 'advance', ms: 5_000 });
      // Half a second into each second: a goal at some moment between the feed's passes.
      await sleep(Math.max(0, 500 - (performance.now() - tick)));
      await rig.ask({ type: 'goal' });
      await sleep(Math.max(0, 1000 - (performance.now() - tick)));
    }
    await rig.settle();
    let after: [Usage[], Receipts[]] = [await rig.usages(), await rig.receipts()];
    const sustained = phase(rig, (performance.now() - wallBefore) / 1000, before, after);
    const goals = after[0].flatMap((usage, shard) => usage.goals.map((goal) => ({ ...goal, shard })));
    const arrivals = rig.layout.clientGroups.map((_, index) => new Map(after[1][index]!.goals));
    const timings = after[0].map((usage) => new Map(usage.goalTimings.map((timing) => [timing.seq, timing])));

    // Five feed minutes back to back: the servers as busy as they can be.
    before = after;
    wallBefore = performance.now();
    await rig.ask({ type: 'advance', ms: 5 * 60_000 });
    await rig.settle();
    after = [await rig.usages(), await rig.receipts()];
    const saturated = phase(rig, (performance.now() - wallBefore) / 1000, before, after);

    return {
      layout,
      clients,
      connectSeconds,
      rssIdle: idle.map((usage) => usage.rss),
      rssConnected: after[0].map((usage) => usage.rss),
      connections: connected.reduce((sum, usage) => sum + usage.connections, 0),
      goals,
      arrivals,
      timings,
      sustained,
      saturated,
    };
  } finally {
    await rig.stop();
  }
}

/** The goals the clients of `shard` get: over the bus every goal, else those of their own process. */
function goalsOf(run: FanoutRun, shard: number): Goal[] {
  return run.layout.bus ? run.goals : run.goals.filter((goal) => goal.shard === shard);
}

/** Goal latencies (publish to a client's receipt) of the client groups given; a goal never received counts as Infinity. */
function goalLatencies(run: FanoutRun, groups: number[]): { sorted: Float64Array; missing: number } {
  const latencies: number[] = [];
  let missing = 0;
  for (const index of groups) {
    for (const { seq, at } of goalsOf(run, run.layout.clientGroups[index]!.shard)) {
      const times = run.arrivals[index]!.get(seq) ?? new Float64Array();
      const expected = run.layout.clientGroups[index]!.count;
      missing += expected - times.length;
      for (const time of times) latencies.push(time - at);
      // Losing clients must not improve the figure.
      for (let i = times.length; i < expected; i++) latencies.push(Infinity);
    }
  }
  return { sorted: Float64Array.from(latencies).sort(), missing };
}

const latencyLine = ({ sorted }: { sorted: Float64Array }) =>
  `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(percentile(sorted, 100))}`;

/** Each stage of a goal on each server process: the median over the goals, in ms after the publish. */
function printGoalStages(run: FanoutRun): void {
  const shards = run.timings.length;
  console.log(
    `    where a goal's time goes (ms after the feed published it, median/slowest of ${goalsOf(run, 0).length} goals; busy: the fan-out's own slices):`,
  );
  for (let shard = 0; shard < shards; shard++) {
    const stage = (pick: (timing: GoalTiming, at: number) => number | undefined) => {
      const values: number[] = [];
      for (const { seq, at } of goalsOf(run, shard)) {
        const timing = run.timings[shard]!.get(seq);
        const value = timing ? pick(timing, at) : undefined;
        if (value !== undefined && Number.isFinite(value)) values.push(value);
      }
      return `${median(values).toFixed(1)}/${percentile(values, 100).toFixed(1)}`;
    };
    const parts: string[] = [];
    if (shard === 0 && run.layout.bus) {
      parts.push(`bus took it (Redis answered) ${stage((t, at) => t.publishAcknowledgedAt && t.publishAcknowledgedAt - at)}`);
    }
    if (shard > 0 && run.layout.bus) {
      parts.push(
        `bus brought it ${stage((t, at) => t.receivedAt && t.receivedAt - at)} (CPU checking it ${stage((t) => t.receivedCpuMs)})`,
      );
    }
    parts.push(
      `queued ${stage((t, at) => t.queuedAt && t.queuedAt - at)}`,
      `fan-out began ${stage((t, at) => t.fanOut && t.fanOut.startedAt - at)}`,
      `frames built ${stage((t, at) => t.fanOut && t.fanOut.builtAt - at)}`,
      `last socket written ${stage((t, at) => t.fanOut && t.fanOut.endedAt - at)}`,
      `(writes ${stage((t) => t.fanOut?.writes)}, pushes ${stage((t) => t.fanOut?.pushes)}, yields ${stage((t) => t.fanOut?.yields)}, busy ${stage((t) => t.fanOut?.busyMs)}, CPU ${stage((t) => t.fanOut?.cpuMs)})`,
    );
    const groups = run.layout.clientGroups.flatMap((group, index) => (group.shard === shard ? [index] : []));
    const own = goalLatencies(run, groups);
    const role = run.layout.bus ? (shard === 0 ? ' (publishes)' : '') : ' (a site of its own)';
    const name = shards > 1 ? `process ${shard}${role}` : 'the process';
    console.log(`      ${name}: ${parts.join(', ')}; its clients read it ${latencyLine(own)}`);
  }
}

/** Per server process, what a delivered frame cost, and what its hub did. */
function printPhaseCost(run: FanoutRun, name: string, cost: Phase, goal = ''): void {
  const frames = cost.servers.reduce((sum, server) => sum + server.frames, 0);
  const cpu = cost.servers.reduce((sum, server) => sum + server.cpuSeconds, 0);
  console.log(
    [
      `  ${name}: ${thousands(frames)} frames in ${cost.wallSeconds.toFixed(1)} s, ${cpu.toFixed(2)} s of server CPU`,
      `→ ${micros((cpu * 1e6) / Math.max(1, frames))} of server CPU per delivered frame, ${thousands(frames / Math.max(cpu, 1e-9))} frames/s per core${goal}`,
      `(clients: ${micros((cost.clientCpuSeconds * 1e6) / Math.max(1, frames))} per frame)`,
    ].join(' '),
  );
  cost.servers.forEach((server, shard) => {
    const { stages } = server;
    const name = cost.servers.length > 1 ? `process ${shard}` : 'the process';
    const bus =
      run.layout.bus
        ? `; bus: published ${stages.published} messages (${stages.publishedPushes} pushes), received ${stages.received} (${stages.receivedPushes} pushes, checked and queued in ${ms(stages.decodeMs)}, CPU ${ms(stages.decodeCpuMs)})`
        : '';
    console.log(
      [
        `    ${name}: ${micros((server.cpuSeconds * 1e6) / Math.max(1, server.frames))} CPU per frame (${server.cpuSeconds.toFixed(2)} s, ${thousands(server.frames)} frames);`,
        `${stages.fanOuts} fan-outs, ${thousands(stages.writes)} socket writes (${micros((server.cpuSeconds * 1e6) / Math.max(1, stages.writes))} CPU each), ${stages.yields} yields, busy ${ms(stages.fanOutBusyMs)}, CPU ${ms(stages.fanOutCpuMs)}${bus}`,
      ].join(' '),
    );
  });
  const delay = `p50 ${ms(cost.loopDelay.p50)}, p99 ${ms(cost.loopDelay.p99)}, max ${ms(cost.loopDelay.max)}`;
  console.log(`    event-loop delay (worst server process): ${delay} (goal p99 ≤20 ms, max ≤50 ms)`);
}

/** FANOUT_DUMP=<file>: each goal's stages and its clients' latencies, appended as one JSON line per run. */
function dumpRun(run: FanoutRun): void {
  const file = process.env.FANOUT_DUMP;
  if (!file) return;
  const goals = run.goals.map(({ seq, at, shard }) => ({
    seq,
    shard,
    timings: run.timings.map((timings, timingsShard) => {
      const timing = run.layout.bus || timingsShard === shard ? timings.get(seq) : undefined;
      if (!timing) return null;
      const since = (value: number | undefined) => (value === undefined ? null : +(value - at).toFixed(2));
      return {
        ack: since(timing.publishAcknowledgedAt),
        received: since(timing.receivedAt),
        queued: since(timing.queuedAt),
        began: since(timing.fanOut?.startedAt),
        ended: since(timing.fanOut?.endedAt),
        busy: timing.fanOut && +timing.fanOut.busyMs.toFixed(2),
        pushes: timing.fanOut?.pushes,
      };
    }),
    clients: run.arrivals.map((arrivals, group) => {
      if (!run.layout.bus && run.layout.clientGroups[group]!.shard !== shard) return null;
      const times = Array.from(arrivals.get(seq) ?? [], (time) => time - at);
      return { p50: +percentile(times, 50).toFixed(1), p99: +percentile(times, 99).toFixed(1), max: +percentile(times, 100).toFixed(1) };
    }),
  }));
  appendFileSync(file, `${JSON.stringify({ title: run.layout.title, goals })}\n`);
}

function printRun(run: FanoutRun): void {
  dumpRun(run);
  const cores = (core: number | null) => (core === null ? 'unpinned' : `core ${core}`);
  console.log(`\nfan-out, ${run.layout.title}: ${run.clients} socket clients over loopback`);
  run.layout.serverCores.forEach((core, shard) => {
    const groups = run.layout.clientGroups.filter((group) => group.shard === shard);
    const clients = groups.map((group) => `${group.count} clients on ${cores(group.core)}`).join(', ');
    const joined = run.layout.serverCores.length > 1 ? (run.layout.bus ? ' (Redis bus)' : ' (a site of its own)') : '';
    console.log(`  server process ${shard} on ${cores(core)}${joined}: ${clients}`);
  });
  const idle = run.rssIdle.reduce((sum, rss) => sum + rss, 0);
  const connected = run.rssConnected.reduce((sum, rss) => sum + rss, 0);
  console.log(`  connected and subscribed in ${run.connectSeconds.toFixed(1)} s; the servers hold ${run.connections}`);
  const perSocket = (connected - idle) / Math.max(1, run.connections) / 1024;
  console.log(
    `  server RSS before the first socket: ${Math.round(idle / 1024 / 1024)} MB; ${perSocket.toFixed(1)} KB per socket (bare ws 5.4–5.9 KB)`,
  );
  const all = goalLatencies(
    run,
    run.layout.clientGroups.map((_, index) => index),
  );
  console.log(
    `  goal event delivery (${goalsOf(run, 0).length} goals × ${run.clients} clients, feed playing in real time): ${latencyLine(all)} ` +
      `${all.missing ? `(${all.missing} not delivered) ` : ''}(goal p99 ≤250 ms)`,
  );
  printGoalStages(run);
  printPhaseCost(run, 'sustained (feed in real time, a goal a second)', run.sustained);
  printPhaseCost(run, 'saturated (five feed minutes back to back)', run.saturated, ' (goal ≥30k)');
  const each = run.rssConnected.length > 1 ? ` (${run.rssConnected.map((rss) => Math.round(rss / 1024 / 1024)).join(' + ')})` : '';
  console.log(`  server RSS with ${run.connections} sockets: ${Math.round(connected / 1024 / 1024)} MB${each}`);
}

const perFrame = (cost: Phase, shard?: number) => {
  const servers = shard === undefined ? cost.servers : [cost.servers[shard]!];
  const cpu = servers.reduce((sum, server) => sum + server.cpuSeconds, 0);
  return (cpu * 1e6) / Math.max(1, servers.reduce((sum, server) => sum + server.frames, 0));
};

/** CPU one goal cost a server process (median): its fan-out, and the check of the bus message that brought it. */
function goalCpu(run: FanoutRun, shard: number): number {
  return median(
    goalsOf(run, shard).flatMap(({ seq }) => {
      const timing = run.timings[shard]!.get(seq);
      return timing?.fanOut ? [timing.fanOut.cpuMs + (timing.receivedCpuMs ?? 0)] : [];
    }),
  );
}

/**
 * One process against two, with the same clients per core: the figures that say what scaling out costs per event.
 * `apart`, when measured: two processes that are sites of their own, each with its feed and without the bus, which
 * costs what both cores being busy costs and nothing of the bus.
 */
function printScaleOut(one: FanoutRun, two: FanoutRun, apart?: FanoutRun): void {
  const all = (run: FanoutRun) => goalLatencies(run, run.layout.clientGroups.map((_, index) => index)).sorted;
  const ratio = (a: number, b: number) => (b / a).toFixed(2);
  const runs: Array<[string, FanoutRun]> = [
    ['two processes', two],
    ...(apart ? [['two sites apart', apart] as [string, FanoutRun]] : []),
  ];
  console.log(`\nscaling out, per event (one core each: a server process and its ${one.clients} clients):`);
  const latency = (run: FanoutRun) => {
    const sorted = all(run);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const oneLatency = latency(one);
  console.log(
    [
      `  goal delivery: one process p50 ${ms(oneLatency.p50)}, p99 ${ms(oneLatency.p99)}`,
      ...runs.map(([name, run]) => {
        const { p50, p99 } = latency(run);
        return `${name} p50 ${ms(p50)}, p99 ${ms(p99)} (÷ one: ${ratio(oneLatency.p50, p50)}, ${ratio(oneLatency.p99, p99)})`;
      }),
    ].join('; '),
  );
  // CPU time is what the other work on a shared machine disturbs least: a process descheduled uses none.
  const oneGoal = goalCpu(one, 0);
  console.log(
    [
      `  CPU one goal costs a server process (median; with the check of its bus message): one process ${ms(oneGoal)}`,
      ...runs.map(([name, run]) => {
        const each = run.timings.map((_, shard) => goalCpu(run, shard));
        return `${name} ${each.map(ms).join(' and ')} (÷ one: ${ratio(oneGoal, Math.max(...each))})`;
      }),
    ].join('; '),
  );
  for (const [name, pick] of [
    ['sustained', (run: FanoutRun) => run.sustained],
    ['saturated', (run: FanoutRun) => run.saturated],
  ] as const) {
    const onePerFrame = perFrame(pick(one));
    console.log(
      [
        `  server CPU per delivered frame, ${name}: one process ${micros(onePerFrame)}`,
        ...runs.map(([runName, run]) => {
          const each = pick(run).servers.map((_, shard) => micros(perFrame(pick(run), shard))).join(' and ');
          return `${runName} ${each} (÷ one: ${ratio(onePerFrame, perFrame(pick(run)))})`;
        }),
      ].join('; '),
    );
  }
}

export async function benchFanout(shardCount = Math.max(1, Number(process.env.FANOUT_SHARDS ?? 1))): Promise<void> {
  const pin =
    process.env.FANOUT_PIN !== '0' && availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const core = (n: number) => (pin ? n : null);
  // Each server process holds one descriptor per client, within the hard limit on open files.
  const clients = Math.min(Number(process.env.FANOUT_CLIENTS ?? 20_000), hardFileLimit() - 300);
  if (shardCount === 1) {
    printRun(
      await runFanout({
        title: pin ? 'one server process on core 0, the clients on core 1' : 'one server process, unpinned',
        serverCores: [core(0)],
        clientGroups: [{ shard: 0, count: clients, core: core(1) }],
        bus: false,
      }),
    );
    return;
  }
  const half = Math.floor(clients / 2);
  if (process.env.FANOUT_LAYOUT === 'shared-clients') {
    printRun(
      await runFanout({
        title: 'two server processes over the Redis bus, one per core, their clients in two unpinned processes',
        serverCores: [core(0), core(1)],
        clientGroups: [
          { shard: 0, count: half, core: null },
          { shard: 1, count: half, core: null },
        ],
        bus: true,
      }),
    );
    return;
  }
  const perCore = [
    { shard: 0, count: half, core: core(0) },
    { shard: 1, count: half, core: core(1) },
  ];
  const one = await runFanout({
    title: 'one server process with the clients of one core, both on core 0',
    serverCores: [core(0)],
    clientGroups: [perCore[0]!],
    bus: false,
  });
  printRun(one);
  const two = await runFanout({
    title: 'two server processes over the Redis bus, each with its clients on its own core',
    serverCores: [core(0), core(1)],
    clientGroups: perCore,
    bus: true,
  });
  printRun(two);
  // The control: the same two cores as two sites of their own, each with its feed and its goals, no bus.
  const apart =
    process.env.FANOUT_APART !== '0'
      ? await runFanout({
          title: 'two sites apart, each one server process with its clients on its own core, no bus',
          serverCores: [core(0), core(1)],
          clientGroups: perCore,
          bus: false,
        })
      : undefined;
  if (apart) printRun(apart);
  printScaleOut(one, two, apart);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFanout();
