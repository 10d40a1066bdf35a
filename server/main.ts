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
import { createSimulatedFeed } from './feed/simulated-feed.ts';
import { countRequestsInFlight } from './site/requests-in-flight.ts';
import { startMediaServerIfInstalled } from './media/ingest/start-media-server.ts';

// Each phase of the start-up is a performance mark (ms since the process started, beside the marks of
// scripts/start.mjs and server/start-first.ts); the 'database is ready' line lists them, and `npm run bench`
// reads them from it.
performance.mark('modules loaded');

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';

// A new world's password hashes are made on the thread pool from the first moment, while the app is
// built and PGlite opens on this thread.
const passwordHashes = newDataDir ? hashSeedPasswords() : undefined;
// PGlite's start-up is CPU work on this thread: it begins once the site is listening, so pages get the
// start-up page meanwhile rather than waiting.
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
  // Production logs warnings only unless LOG_LEVEL says otherwise; LOG_SAMPLE logs a share of requests.
  logger: { level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'production' ? 'warn' : 'info') },
  requestLogSample: process.env.LOG_SAMPLE ? Number(process.env.LOG_SAMPLE) : undefined,
  siteUrl: process.env.SITE_URL || undefined,
  ...(process.env.FEED === 'off' ? {} : { feed: (server) => createSimulatedFeed(server, { seed: Number(process.env.SEED ?? 20261122) }) }),
});
performance.mark('server built');
const requestsInFlight = countRequestsInFlight(app.server);
await app.listen({ port, host });
performance.mark('listening');
app.log.info({ port, listenMs: Math.round(performance.now()) }, `Pitchside is serving http://localhost:${port}`);
listening();
void appBuilt?.then(() => app.log.info({ appBuildReadyMs: Math.round(performance.now()) }, 'the app is built'));
const database = await starting.ready;
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
// In place before nginx runs, so no stop leaves it behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void mediaServer
      .then((running) => running?.stop())
      .then(() => app.close())
      .then(() => maintenance?.stop())
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
await mediaServer;
performance.mark('media server started');

// What follows waits for the calls of the pages that were waiting for the site: the feed's start reads every open
// match and catches up on the time the site was down, seconds of the database on a slow machine.
await requestsInFlight.quiet(300, 5_000);
performance.mark('quiet');
await app.serverContext.feed?.start();
performance.mark('feed started');
maintenance = startTableMaintenance(database, app.log);
// The process that plays the feed also sends the live alerts and rotates the demo room on air.
if (app.serverContext.feed) {
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
performance.mark('started');
app.log.info(
  {
    database: database.kind,
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
