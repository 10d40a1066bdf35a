// The long run of the contract fuzzing for `npm run bench` (FUZZ_RUNS requests, 10,000 by default, per database):
// the site on a freshly seeded PGlite in a temporary directory, then, when FUZZ_DATABASE_URL names a PostgreSQL
// database the run may empty, on that database too, so both engines are held to the same four figures.
// Run alone: `tsx tests/load/contract-fuzz-bench.ts`; FUZZ_ENGINE=pglite or postgresql runs one of the two.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createSession } from '../../server/areas/account/session-service.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { fuzzContract, type FuzzFigures } from '../api/contract-fuzz.ts';
import { demoLogins } from '../api/demo-session.ts';

async function fuzzOn(database: DatabaseHandle, runs: number): Promise<{ figures: FuzzFigures; seconds: number }> {
  await migrate(database);
  await seedWorld(database, { now: new Date(), seed: 20261122 });
  const app = await buildApp({ database, distDir: '/nonexistent', logger: { level: 'fatal' }, rateLimits: false, trustProxy: true });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const tokenOf = async (mobile: string) => {
      const user = await database.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
      return createSession(app.serverContext, Number(user.id), { deviceType: 'pc', ip: '127.0.0.1' });
    };
    const tokens = {
      viewer: await tokenOf(demoLogins.viewer.mobile),
      anchor: await tokenOf(demoLogins.anchor.mobile),
      expert: await tokenOf(demoLogins.expert.mobile),
      admin: await tokenOf(demoLogins.admin.mobile),
    };
    const started = performance.now();
    const figures = await fuzzContract({ baseUrl, database, tokens }, { runs, seed: Number(process.env.FUZZ_SEED ?? 20261128) });
    return { figures, seconds: (performance.now() - started) / 1000 };
  } finally {
    await app.close();
  }
}

function report(engine: string, { figures, seconds }: { figures: FuzzFigures; seconds: number }): void {
  console.log(
    `contract fuzzing on ${engine}: ${figures.requests} requests over ${figures.operations} calls in ${seconds.toFixed(0)} s ` +
      `(${figures.successes} answered, ${figures.refusals} refused): HTTP 500 ${figures.serverErrors}, outside the envelope ${figures.outsideEnvelope}, ` +
      `off the schema ${figures.offSchema}, writes on a refusal ${figures.writesOnRefusal}`,
  );
  for (const example of figures.examples) console.log(`  ${example}`);
}

export async function benchContractFuzz(): Promise<void> {
  const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
  const only = process.env.FUZZ_ENGINE;
  if (only !== 'postgresql') {
    const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-fuzz-'));
    const database = await openDatabase({ dataDir });
    try {
      report('PGlite', await fuzzOn(database, runs));
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === 'pglite') return;
  const url = process.env.FUZZ_DATABASE_URL;
  if (!url) {
    console.log('contract fuzzing on PostgreSQL: skipped (FUZZ_DATABASE_URL names a database the run may empty)');
    return;
  }
  const database = await openDatabase({ url });
  try {
    await sql`drop schema public cascade`.execute(database.db);
    await sql`create schema public`.execute(database.db);
    report('PostgreSQL', await fuzzOn(database, runs));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchContractFuzz();
