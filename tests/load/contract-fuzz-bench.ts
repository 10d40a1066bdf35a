// The long run of the contract fuzzing for `npm run bench` (FUZZ_RUNS requests, 10,000 by default): the site on
// a freshly seeded database (PGlite in a temporary directory, or the PostgreSQL database FUZZ_DATABASE_URL names).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '../../server/areas/account/session-service.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { fuzzContract } from '../api/contract-fuzz.ts';
import { demoLogins } from '../api/demo-session.ts';

export async function benchContractFuzz(): Promise<void> {
  const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
  const databaseUrl = process.env.FUZZ_DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'pitchside-fuzz-'));
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  try {
    await migrate(database);
    await seedWorld(database, { now: new Date(), seed: 20261122 });
    const app = await buildApp({ database, distDir: '/nonexistent', logger: { level: 'fatal' }, rateLimits: false, trustProxy: true });
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
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `contract fuzzing on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${figures.requests} requests over ${figures.operations} calls in ${seconds.toFixed(0)} s ` +
        `(${figures.successes} answered, ${figures.refusals} refused): HTTP 500 ${figures.serverErrors}, outside the envelope ${figures.outsideEnvelope}, ` +
        `off the schema ${figures.offSchema}, writes on a refusal ${figures.writesOnRefusal}`,
    );
    for (const example of figures.examples) console.log(`  ${example}`);
    await app.close();
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchContractFuzz();
