import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzContract, fuzzedOperations } from './contract-fuzz.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The short run of the contract fuzzing (the long one, 10,000 requests and more, is a section of `npm run bench`).
describe('contract fuzzing, short run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers every generated and hostile request in the envelope, never 500, on the schema, writing nothing when it refuses', async () => {
    const tokens = {
      viewer: await logIn(server, demoLogins.viewer),
      anchor: await logIn(server, demoLogins.anchor),
      expert: await logIn(server, demoLogins.expert),
      admin: await logIn(server, demoLogins.admin),
    };
    const figures = await fuzzContract({ baseUrl: server.baseUrl, database: server.database, tokens }, { runs: Number(process.env.FUZZ_RUNS ?? 600), seed: Number(process.env.FUZZ_SEED ?? 20261128), only: process.env.FUZZ_ONLY });
    console.log(`contract fuzzing: ${JSON.stringify({ ...figures, examples: undefined })}`);
    expect(figures.examples).toEqual([]);
    expect(figures).toMatchObject({ serverErrors: 0, outsideEnvelope: 0, offSchema: 0, writesOnRefusal: 0 });
    expect(figures.operations).toBe(fuzzedOperations.length);
    expect(figures.refusals).toBeGreaterThan(0);
  }, 120_000);
});
