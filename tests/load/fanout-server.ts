// The server of the fan-out benchmark (fanout-bench.ts): the site on a freshly seeded in-memory
// database, its live feed on a clock the benchmark moves over IPC, every goal push stamped with the
// moment it was handed to the socket. With FANOUT_REDIS_URL, one of several shards behind the Redis
// bus: shard 0 plays the feed and publishes, every shard fans out to its own clients.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { ManualClock } from '../../server/feed/feed-clock.ts';
import { createSimulatedFeed } from '../../server/feed/simulated-feed.ts';
import { createBus } from '../../server/realtime/bus.ts';
import type { Bus } from '../../server/ports/bus.ts';
import type { FanOutReport, SiteSocketTrace } from '../../server/realtime/site-socket-hub.ts';

export type FanoutRequest = { type: 'advance'; ms: number } | { type: 'goal' } | { type: 'usage' } | { type: 'stop' };

export type FanoutReply =
  | { type: 'ready'; port: number }
  | { type: 'advanced' }
  | { type: 'goal'; seq: number }
  | {
      type: 'usage';
      cpuMicros: number;
      rss: number;
      connections: number;
      goals: PublishedGoal[];
      loopDelay: LoopDelay;
      /** Each goal's way through this process since the previous usage request. */
      goalTimings: GoalTiming[];
      stages: StageTotals;
    };

/** One goal push on one process, in epoch ms (comparable across the benchmark's processes). */
export interface GoalTiming {
  seq: number;
  /** The publishing process: when it handed the goal to the bus, and when the bus had taken it (Redis answered). */
  publishStartedAt?: number;
  publishAcknowledgedAt?: number;
  /** Another process: when the bus brought it to the hub, and the CPU its message took to check and queue. */
  receivedAt?: number;
  receivedCpuMs?: number;
  /** Decoded, framed and queued for the fan-out. */
  queuedAt?: number;
  fanOut?: Omit<FanOutReport, 'pushes'> & { pushes: number };
}

/** What the hub did since the previous usage request, summed. */
export interface StageTotals {
  fanOuts: number;
  writes: number;
  yields: number;
  /** Time in the fan-out's own slices, and the process's CPU while fan-outs ran. */
  fanOutBusyMs: number;
  fanOutCpuMs: number;
  /** Bus messages from other processes, their pushes, and the time (and CPU) checking and queueing them. */
  received: number;
  receivedPushes: number;
  decodeMs: number;
  decodeCpuMs: number;
  /** Bus messages this process published, and their pushes. */
  published: number;
  publishedPushes: number;
}

/** The event loop's delay since the previous usage request, in ms. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** A goal push: when it was published, and how long (wall and CPU) this shard took to hand it to every socket. */
export interface PublishedGoal {
  seq: number;
  at: number;
  handOffMs: number;
  handOffCpuMs: number;
}

/** Channels of one benchmark run only, so runs (or a site) sharing the Redis do not hear each other. */
function prefixedBus(bus: Bus, prefix: string): Bus {
  return {
    publish: (channel, message) => bus.publish(prefix + channel, message),
    publishBytes: (channel, bytes) => bus.publishBytes(prefix + channel, bytes),
    subscribe: (channel, handler) => bus.subscribe(prefix + channel, handler),
    subscribeBytes: (channel, handler) => bus.subscribeBytes(prefix + channel, handler),
    close: () => bus.close(),
  };
}

const epochMs = () => performance.timeOrigin + performance.now();
const seed = 20261122;
const redisUrl = process.env.FANOUT_REDIS_URL;
const publisher = Number(process.env.FANOUT_SHARD ?? 0) === 0;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const goalTimings = new Map<number, GoalTiming>();
const timingOf = (seq: number) => {
  let timing = goalTimings.get(seq);
  if (!timing) goalTimings.set(seq, (timing = { seq }));
  return timing;
};
const emptyStages = (): StageTotals => ({
  fanOuts: 0,
  writes: 0,
  yields: 0,
  fanOutBusyMs: 0,
  fanOutCpuMs: 0,
  received: 0,
  receivedPushes: 0,
  decodeMs: 0,
  decodeCpuMs: 0,
  published: 0,
  publishedPushes: 0,
});
let stages = emptyStages();
const trace: SiteSocketTrace = {
  published(pushes, startedAt, acknowledgedAt) {
    stages.published += 1;
    stages.publishedPushes += pushes.length;
    for (const { stream, seq } of pushes) {
      if (stream !== 'goal') continue;
      const timing = timingOf(seq);
      timing.publishStartedAt = startedAt;
      timing.publishAcknowledgedAt = acknowledgedAt;
    }
  },
  received(pushes, receivedAt, queuedAt, cpuMs) {
    stages.received += 1;
    stages.receivedPushes += pushes.length;
    stages.decodeMs += queuedAt - receivedAt;
    stages.decodeCpuMs += cpuMs;
    for (const { stream, seq } of pushes) {
      if (stream !== 'goal') continue;
      const timing = timingOf(seq);
      timing.receivedAt = receivedAt;
      timing.receivedCpuMs = cpuMs;
    }
  },
  fannedOut({ pushes, ...report }) {
    stages.fanOuts += 1;
    stages.writes += report.writes;
    stages.yields += report.yields;
    stages.fanOutBusyMs += report.busyMs;
    stages.fanOutCpuMs += report.cpuMs;
    for (const { stream, seq, queuedAt } of pushes) {
      if (stream !== 'goal') continue;
      const timing = timingOf(seq);
      timing.queuedAt = queuedAt;
      timing.fanOut = { ...report, pushes: pushes.length };
    }
  },
};

const database = await openDatabase({});
await migrate(database);
await seedWorld(database, { now: new Date(), seed });
const clock = new ManualClock(Date.now());
// The benchmark's clients do not send heartbeats; a long interval keeps them from being closed as silent.
const app = await buildApp({
  database,
  distDir: '/nonexistent',
  now: clock.date,
  logger: { level: 'warn' },
  heartbeatMs: 600_000,
  // The benchmark's thousands of clients come from one or two machines.
  socketsPerAddress: Number.POSITIVE_INFINITY,
  siteSocket: { trace },
  bus: redisUrl ? prefixedBus(createBus(redisUrl), process.env.FANOUT_CHANNEL_PREFIX ?? 'fanout-bench:') : undefined,
  feed: (server) => createSimulatedFeed(server, { seed, clock, advanceStepMs: 5_000 }),
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '0.0.0.0' });
const feed = app.serverContext.feed!;
if (publisher) await feed.start();

const hub = app.serverContext.siteSocket;
const goals: PublishedGoal[] = [];
const publishGoal = hub.publishGoal.bind(hub);
hub.publishGoal = async (event) => {
  const at = epochMs();
  const cpuAt = cpuMs();
  const seq = await publishGoal(event);
  // The hub writes to the sockets in slices, letting the event loop run between them.
  await hub.idle();
  goals.push({ seq, at, handOffMs: epochMs() - at, handOffCpuMs: cpuMs() - cpuAt });
  return seq;
};

// A goal pop-up as the feed makes them, for a match in play.
const live = await database.db
  .selectFrom('matches')
  .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
  .innerJoin('teams as away', 'away.id', 'matches.away_team_id')
  .innerJoin('leagues', 'leagues.id', 'matches.league_id')
  .select(['matches.id', 'leagues.short_name_zh', 'leagues.short_name_en', 'home.name as home', 'home.name_en as home_en', 'away.name as away', 'away.name_en as away_en'])
  .where('matches.sport', '=', 'football')
  .orderBy('matches.start_time', 'desc')
  .executeTakeFirstOrThrow();
let synthetic = 0;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

const reply = (message: FanoutReply) => process.send?.(message);
process.on('message', (request: FanoutRequest) => {
  void (async () => {
    switch (request.type) {
      case 'advance':
        await feed.advance(request.ms);
        return reply({ type: 'advanced' });
      case 'goal': {
        synthetic += 1;
        const seq = await hub.publishGoal({
          match_id: live.id,
          league_name: live.short_name_zh,
          league_name_en: live.short_name_en,
          kind: 'goal',
          iszhu: synthetic % 2 === 0 ? 0 : 1,
          match_str: `${(synthetic % 90) + 1}'`,
          home_team_name_zh: live.home,
          home_team_name_en: live.home_en,
          away_team_name_zh: live.away,
          away_team_name_en: live.away_en,
          home_score: synthetic,
          away_score: synthetic,
        });
        return reply({ type: 'goal', seq });
      }
      case 'usage': {
        const cpu = process.cpuUsage();
        const loopDelay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
        loop.reset();
        const stagesSince = stages;
        stages = emptyStages();
        // A goal still being written stays for the next request.
        const done = [...goalTimings.values()].filter((timing) => timing.fanOut);
        for (const timing of done) goalTimings.delete(timing.seq);
        return reply({
          goalTimings: done,
          stages: stagesSince,
          loopDelay,
          type: 'usage',
          cpuMicros: cpu.user + cpu.system,
          rss: process.memoryUsage().rss,
          connections: hub.connectionCount(),
          goals: goals.splice(0),
        });
      }
      case 'stop':
        if (publisher) await feed.stop();
        await app.close();
        await database.close();
        process.exit(0);
    }
  })();
});

const address = app.server.address();
reply({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
