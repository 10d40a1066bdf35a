import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaHandlers } from '../../server/app.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { resolverFor, sampleObject } from './sample-input.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const contract = loadContract();
const resolve = resolverFor(contract.document);
const implemented = contract.operations.filter((operation) => operation.operationId in areaHandlers && operation.bodyKind !== 'multipart');

/** Calls whose answer is drawn at random each time: asked many times, so a rare misfit shows. */
const drawnAnswers: Record<string, number> = { universalImTouristAccount: 200 };

describe('every answer of every implemented call is the envelope and fits its schema', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await logIn(server, demoLogins.viewer);
  });
  afterAll(() => server.close());

  it('has calls to try', () => {
    expect(implemented.length).toBeGreaterThan(20);
  });

  it.each(implemented.map((operation) => [operation.operationId, operation] as const))('%s', async (id, operation) => {
    const input = operation.inputSchema ? sampleObject(operation.inputSchema, resolve) : {};
    const fits = contract.answerValidatorFor(operation);
    const asUser: Record<string, string> = { token, 'idempotency-key': `fit-${id}-key` };
    for (const headers of [asUser, {}]) {
      for (let call = 0; call < (drawnAnswers[id] ?? 1); call++) {
        const { status: _status, ...answer } = await server.call(operation.method === 'get' ? 'GET' : 'POST', operation.path, input, headers);
        expect(Object.keys(answer).sort(), id).toEqual(['code', 'data', 'msg']);
        if (answer.code === 0) {
          expect(fits(answer), `${id}: ${JSON.stringify(fits.errors?.slice(0, 3))}`).toBe(true);
        } else {
          expect(answer.data, id).toBeNull();
        }
      }
    }
  });
});
