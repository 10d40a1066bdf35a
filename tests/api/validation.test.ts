import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaHandlers } from '../../server/app.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { badInputs, resolverFor } from './sample-input.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const contract = loadContract();
const resolve = resolverFor(contract.document);
const cases = contract.operations
  .filter((operation) => operation.operationId in areaHandlers && operation.inputSchema && operation.bodyKind !== 'multipart')
  .flatMap((operation) =>
    badInputs(operation.inputSchema ?? {}, resolve, operation.method === 'get').map(
      (bad) => [`${operation.method.toUpperCase()} ${operation.path}: ${bad.kind} (${bad.field})`, operation, bad] as const,
    ),
  );

/** A digest of every row of every table, to prove a refused request wrote nothing. */
async function fingerprint(server: TestServer): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(server.database.db);
  const parts = await Promise.all(
    tables.rows.map(async ({ table_name }) => {
      const result = await sql<{ digest: string | null }>`
        select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table_name)} t`.execute(
        server.database.db,
      );
      return `${table_name}:${result.rows[0]?.digest}`;
    }),
  );
  return parts.join(',');
}

describe('bad input is refused with code 1 naming the field, and writes nothing', () => {
  let server: TestServer;
  /** A caller each operation lets in: its role's demo user (an anchor manages their room), else the viewer (the role check comes first). */
  let tokens: Record<'viewer' | 'anchor' | 'expert' | 'admin', string>;
  beforeAll(async () => {
    server = await startTestServer();
    tokens = {
      viewer: await logIn(server, demoLogins.viewer),
      anchor: await logIn(server, demoLogins.anchor),
      expert: await logIn(server, demoLogins.expert),
      admin: await logIn(server, demoLogins.admin),
    };
  });
  const tokenFor = (role: string | undefined) => {
    if (role === 'manager') return tokens.anchor;
    return role === 'anchor' || role === 'expert' || role === 'admin' ? tokens[role] : tokens.viewer;
  };
  afterAll(() => server.close());

  it('has cases for the implemented operations', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases)('%s', async (_name, operation, bad) => {
    const before = await fingerprint(server);
    const answer = await server.call(operation.method === 'get' ? 'GET' : 'POST', operation.path, bad.input, {
      token: tokenFor(operation.role),
      'idempotency-key': 'validation-test-key',
    });
    expect(answer.code).toBe(1);
    expect(answer.status).toBe(400);
    expect(answer.msg).toContain(bad.field);
    expect(await fingerprint(server)).toBe(before);
  });

  it('ignores unknown fields instead of failing on them', async () => {
    const answer = await server.call('POST', '/api/member/updateInfo', { signature: 'Go team', no_such_field: 'x' }, { token: tokens.viewer });
    expect(answer.code).toBe(0);
  });
});
