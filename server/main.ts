// First, so that what it begins goes on while the rest loads.
import { appBuilt, databaseUrl, dataDir, distDir, fromTemplate, newDataDir, pgliteWasm } from './start-first.ts';
import { buildApp } from './app.ts';
import { deferredDatabase, openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { hashSeedPasswords, isSeeded, seedWorld } from './seed/seed.ts';
import { startTableMaintenance, type TableMaintenance } from './db/table-maintenance.ts';
import { startDemoAirRotation } from './areas/live/demo-air-rotation.ts';
import { watchMatchEnds } from './areas/expert/plan-settlement-service.ts';
import { watchKickoffs } from './areas/live/live-alerts.ts';
import { startTranscodeWorker } from './areas/video/video-transcode-worker.ts';
import { createSimulatedFeed } from './feed/simulated-feed.ts';
import { countRequestsInFlight } from './site/requests-in-flight.ts';
import { requestLogOptionsFrom, siteLoggerOptions } from './site/request-log.ts';
import { startMediaServerIfInstalled } from './media/ingest/start-media-server.ts';
import { Readiness, readinessRoute } from './site/readiness.ts';
import { contendForFeed, type FeedLeadership } from './feed/feed-leader.ts';

// Each phase of the start-up is a performance mark (ms since the process started, beside the marks of
// scripts/start.mjs and server/start-first.ts); the 'database is ready' line lists them, and `npm run bench`
// reads them from it.
performance.mark('modules loaded');

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';

// A new world's password hashes are made on the thread pool from the first moment, while the app is
// built and PGlite opens on this thread.
const passwordHashes = newDataDir ? hashSeedPasswords() : undefined;
// PGlite's start-up is CPU work on this thread: it begins once the site is listening, so pages are served
// meanwhile rather than waiting.
let listening!: () => void;
const listeningGate = new Promise<void>((resolve) => (listening = resolve));
const starting = deferredDatabase(
  databaseUrl ? 'postgres' : 'pglite',
  listeningGate.then(async () => {
    await fromTemplate;
    const handle = await openDatabase({ url: databaseUrl, dataDir: databaseUrl ? undefined : dataDir, pgliteWasm });
    performance.mark('database opened');
    await migrate(handle);
    performance.mark('migrated');
    if (!(await isSeeded(handle))) {
      await seedWorld(handle, { now: new Date(), seed: Number(process.env.SEED ?? 20261122), passwordHashes });
      performance.mark('seeded');
    }
    performance.mark('database ready');
    return handle;
  }),
);

// The site answers at once (the app is served from dist/); data calls wait for the database.
const app = await buildApp({
  database: starting.handle,
  databaseReady: starting.ready,
  distDir,
  appBuilt,
  redisUrl: process.env.REDIS_URL || undefined,
  trustProxy: process.env.TRUST_PROXY || false,
  ...(process.env.SOCKETS_PER_ADDRESS ? { socketsPerAddress: Number(process.env.SOCKETS_PER_ADDRESS) } : {}),
  // Production logs warnings only unless LOG_LEVEL says otherwise; info sums requests up, debug logs each one.
  logger: siteLoggerOptions(process.env),
  requestLog: requestLogOptionsFrom(process.env),
  siteUrl: process.env.SITE_URL || undefined,
  ...(process.env.FEED === 'off' ? {} : { feed: (server) => createSimulatedFeed(server, { seed: Number(process.env.SEED ?? 20261122) }) }),
});
// The load balancer's health check (GET /ready): ready once the database is, not ready again from a stop's first moment.
const readiness = new Readiness();
await app.register(readinessRoute, { readiness });
performance.mark('server built');
const requestsInFlight = countRequestsInFlight(app.server);
await app.listen({ port, host });
performance.mark('listening');
app.log.info({ port, listenMs: Math.round(performance.now()) }, `Pitchside is serving http://localhost:${port}`);
listening();
void appBuilt?.then(() => app.log.info({ appBuildReadyMs: Math.round(performance.now()) }, 'the app is built'));
const database = await starting.ready;
readiness.started();
const cpu = process.cpuUsage();
// The calls that waited for the database have queued their queries by the next turn; then the media server
// (nginx, where installed) starts taking pushes, as the site now answers calls.
await new Promise((resolve) => setImmediate(resolve));
const mediaServer = startMediaServerIfInstalled({
  server: app.serverContext,
  sitePort: port,
  setting: process.env.MEDIA_SERVER,
  rtmpHost: process.env.RTMP_HOST ?? '0.0.0.0',
  ladder: process.env.MEDIA_LADDER,
});
// PGlite's tables analyzed and vacuumed as PostgreSQL's autovacuum would (table-maintenance.ts); started below.
let maintenance: TableMaintenance | null = null;
let leadership: FeedLeadership | null = null;
/**
 * A stop (SIGTERM, SIGINT, or this process losing the feed's lock): out of the load balancer's pool first, then
 * the feed's lock given up, the /ws and /im sockets asked to reconnect over a spread of time (they find the other
 * processes, not all at once), the requests in flight finished (a gift's request waits for its batch), the gift
 * batches flushed, and the database closed last.
 */
let stopping: Promise<void> | null = null;
function stop(reason: string, exitCode: number): Promise<void> {
  stopping ??= (async () => {
    app.log.info({ reason }, 'shutting down');
    readiness.drain();
    // However a step hangs, the process ends: its supervisor or the load balancer's pool moves on without it.
    setTimeout(() => process.exit(exitCode || 1), Number(process.env.STOP_TIMEOUT_MS ?? 20_000)).unref();
    try {
      // The health check sees /ready fail within its interval; until then the balancer may still send calls here.
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.DRAIN_MS ?? 0)));
      // The feed stops before its lock is given up: the next leader never plays beside this one.
      if (leadership?.leading) await app.serverContext.feed?.stop();
      await leadership?.resign();
      const shedMs = Number(process.env.SOCKET_SHED_MS ?? 2_000);
      await Promise.all([app.serverContext.siteSocket.shed(shedMs), app.serverContext.imSockets.shed(shedMs)]);
      await (await mediaServer)?.stop();
      await app.close();
      await app.serverContext.gifts.drained();
      await maintenance?.stop();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'the stop failed');
      exitCode ||= 1;
    }
    process.exit(exitCode);
  })();
  return stopping;
}
// In place before nginx runs, so no stop leaves it behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal, 0));
await mediaServer;
performance.mark('media server started');

// What follows waits for the calls of the pages that were waiting for the site: the feed's start reads every open
// match and catches up on the time the site was down, seconds of the database on a slow machine.
await requestsInFlight.quiet(300, 5_000);
performance.mark('quiet');
maintenance = startTableMaintenance(database, app.log);
// Every process runs videos' transcoding jobs (VIDEO_WORKERS at once, 0 for none); the lease hands a killed process's jobs on.
const transcoder = startTranscodeWorker(app.serverContext, {
  concurrency: Number(process.env.VIDEO_WORKERS ?? 1),
  leaseMs: Number(process.env.VIDEO_JOB_LEASE_MS ?? 30_000),
});
app.server.once('close', () => void transcoder.stop());
const feed = app.serverContext.feed;
/** The feed, and what the process that plays it also does: the live alerts and the demo room's turns on air. */
async function playFeed(): Promise<void> {
  if (!feed) return;
  await feed.start();
  const stopKickoffs = await watchKickoffs(app.serverContext);
  const stopSettlement = await watchMatchEnds(app.serverContext);
  const airMs = Number(process.env.DEMO_AIR_MS ?? 10 * 60_000);
  const rotation = airMs > 0 ? await startDemoAirRotation(app.serverContext, airMs) : null;
  app.server.once('close', () => {
    stopKickoffs();
    stopSettlement();
    rotation?.stop();
  });
}
if (feed && database.kind === 'postgres' && databaseUrl) {
  // Processes on one PostgreSQL: the one holding the feed's lock plays it, from what is stored (a match caught up
  // on makes no pop-ups of its old goals); when it dies, another takes the lock within the retry time.
  leadership = contendForFeed({
    databaseUrl,
    log: app.log,
    retryMs: Number(process.env.FEED_LOCK_RETRY_MS ?? 2_000),
    elected: async () => {
      app.serverContext.siteSocket.continueNumbering();
      await playFeed();
      performance.mark('feed started');
    },
    deposed: (error) => {
      app.log.error({ err: error }, 'the feed lock was lost: this process stops so it never plays beside a new leader');
      void stop('feed lock lost', 1);
    },
  });
} else {
  await playFeed();
  performance.mark('feed started');
}
performance.mark('started');
app.log.info(
  {
    database: database.kind,
    uploads: app.serverContext.storage.describe,
    fromTemplate: await fromTemplate,
    // ms since the process started (performance.timeOrigin, epoch ms), per phase; CPU of this process until the database was ready
    processStartedAt: Math.round(performance.timeOrigin),
    timeline: Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, Math.round(mark.startTime)])),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  },
  'the database is ready',
);
// The validators' compilers, left out of the start-up, are readied now rather than by the first call that needs one.
void app.serverContext.contract.warm();
