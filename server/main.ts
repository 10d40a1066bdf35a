import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp, defaultDistDir } from './app.ts';
import { copyClusterTemplate, isNewDataDir } from './db/cluster-template.ts';
import { compilePgliteWasm, deferredDatabase, openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { hashSeedPasswords, isSeeded, seedWorld } from './db/seed.ts';
import { startDemoAirRotation } from './areas/live/demo-air-rotation.ts';
import { watchKickoffs } from './areas/live/live-alerts.ts';
import { createSimulatedFeed } from './feed/simulated-feed.ts';
import { buildTheApp, isAppStale } from './site/app-build.ts';
import { startMediaServerIfInstalled } from './media/ingest/start-media-server.ts';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const startedAt = performance.now();

const phases: Record<string, number> = {};
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const phaseStart = performance.now();
  const result = await work();
  phases[name] = Math.round(performance.now() - phaseStart);
  return result;
}

// PGlite's engine compiles on V8's own threads from now on, while this thread builds the app and listens.
const pgliteWasm = databaseUrl ? undefined : compilePgliteWasm();

const distDir = resolve(process.env.DIST_DIR ?? defaultDistDir);
// `npm start` (--build) builds the app when its build is missing or stale, beside the database's start, not before it.
const appBuilt = process.argv.includes('--build') && isAppStale(distDir) ? buildTheApp(distDir) : undefined;
if (appBuilt) {
  console.log('Building the app (dist/ is missing or older than src/) while the database starts…');
  appBuilt.catch((error: unknown) => {
    console.error('The app could not be built:', error);
    process.exit(1);
  });
}

if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
const newDataDir = !databaseUrl && isNewDataDir(dataDir);
// A new world's password hashes are made on the thread pool from the first moment, while the app is
// built and PGlite opens on this thread.
const passwordHashes = newDataDir ? hashSeedPasswords() : undefined;
// A new data directory starts as a copy of the cluster `npm install` prepared, when there is one: copied on the
// thread pool meanwhile too.
const fromTemplate = newDataDir ? copyClusterTemplate(dataDir) : Promise.resolve(false);
// PGlite's start-up is CPU work on this thread: it begins once the site is listening.
let listening!: () => void;
const listeningGate = new Promise<void>((resolve) => (listening = resolve));
const starting = deferredDatabase(
  databaseUrl ? 'postgres' : 'pglite',
  listeningGate.then(async () => {
    if (await fromTemplate) phases.fromTemplate = 1;
    const handle = await timed('openMs', () => openDatabase({ url: databaseUrl, dataDir: databaseUrl ? undefined : dataDir, pgliteWasm }));
    await timed('migrateMs', () => migrate(handle));
    if (!(await isSeeded(handle))) {
      await timed('seedMs', () => seedWorld(handle, { now: new Date(), seed: Number(process.env.SEED ?? 20261122), passwordHashes }));
    }
    return handle;
  }),
);

// The site answers at once (the app is served from dist/); data calls wait for the database.
const app = await timed('appMs', () =>
  buildApp({
    database: starting.handle,
    databaseReady: starting.ready,
    distDir,
    appBuilt,
    redisUrl: process.env.REDIS_URL || undefined,
    trustProxy: process.env.TRUST_PROXY || false,
    // Production logs warnings only unless LOG_LEVEL says otherwise; LOG_SAMPLE logs a share of requests.
    logger: { level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'production' ? 'warn' : 'info') },
    requestLogSample: process.env.LOG_SAMPLE ? Number(process.env.LOG_SAMPLE) : undefined,
    siteUrl: process.env.SITE_URL || undefined,
    ...(process.env.FEED === 'off' ? {} : { feed: (server) => createSimulatedFeed(server, { seed: Number(process.env.SEED ?? 20261122) }) }),
  }),
);
await app.listen({ port, host });
app.log.info({ port, listenMs: Math.round(performance.now() - startedAt) }, `Pitchside is serving http://localhost:${port}`);
listening();
const database = await starting.ready;
await app.serverContext.feed?.start();
// The process that plays the feed also sends the live alerts and rotates the demo room on air (issue 11).
if (app.serverContext.feed) {
  const stopKickoffs = await watchKickoffs(app.serverContext);
  const airMs = Number(process.env.DEMO_AIR_MS ?? 10 * 60_000);
  const rotation = airMs > 0 ? await startDemoAirRotation(app.serverContext, airMs) : null;
  app.server.once('close', () => {
    stopKickoffs();
    rotation?.stop();
  });
}
const mediaServer = await startMediaServerIfInstalled({
  server: app.serverContext,
  sitePort: port,
  setting: process.env.MEDIA_SERVER,
  rtmpHost: process.env.RTMP_HOST ?? '0.0.0.0',
  ladder: process.env.MEDIA_LADDER,
});
app.log.info({ database: database.kind, ...phases, startupMs: Math.round(performance.now() - startedAt) }, 'the database is ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void (mediaServer?.stop() ?? Promise.resolve())
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
