import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { isSeeded, seedWorld } from './db/seed.ts';
import { createSimulatedFeed } from './feed/simulated-feed.ts';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const startedAt = performance.now();

if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
const database = await openDatabase({ url: databaseUrl, dataDir: databaseUrl ? undefined : dataDir });
await migrate(database);
if (!(await isSeeded(database))) {
  await seedWorld(database, { now: new Date(), seed: Number(process.env.SEED ?? 20261122) });
}

const app = await buildApp({
  database,
  redisUrl: process.env.REDIS_URL || undefined,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
await app.listen({ port, host });
if (process.env.FEED !== 'off') await createSimulatedFeed(app, { seed: Number(process.env.SEED ?? 20261122) }).start();
app.log.info(
  { port, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  `Pitchside is serving http://localhost:${port}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
