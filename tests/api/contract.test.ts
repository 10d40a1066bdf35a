import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { notYetMessage } from '../../server/errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const contract = loadContract();
const specLines = readFileSync(new URL('../../spec/endpoints.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'));

describe('the contract', () => {
  it.each(specLines.map(([method, path, area]) => [`${method} ${path}`, method, path, area]))(
    '%s is in openapi.yaml with that method and area',
    (_name, method, path, area) => {
      const operation = contract.operations.find((candidate) => candidate.path === path);
      expect(operation, path).toBeDefined();
      expect(operation?.method.toUpperCase()).toBe(method);
      expect(operation?.area).toBe(area);
    },
  );

  it('has exactly the calls of endpoints.tsv, and beyond them only calls marked x-beyond-spec', () => {
    const paths = contract.document.paths as Record<string, Record<string, Record<string, unknown>>>;
    const marked = (operation: (typeof contract.operations)[number]) =>
      paths[operation.path]?.[operation.method]?.['x-beyond-spec'] === true;
    const specPaths = new Set(specLines.map(([, path]) => path));
    const beyond = contract.operations.filter((operation) => !specPaths.has(operation.path));
    expect(beyond.filter((operation) => !marked(operation)).map((operation) => operation.path)).toEqual([]);
    expect(contract.operations.filter((operation) => !marked(operation))).toHaveLength(specLines.length);
  });

  it('has generated types that are fresh (npm run gen)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gen-')), 'schema.d.ts');
    execFileSync('npx', ['openapi-typescript', 'openapi.yaml', '-o', out], { stdio: 'pipe' });
    expect(readFileSync(out, 'utf8')).toBe(readFileSync('src/api/schema.d.ts', 'utf8'));
  });

  it('passes Redocly lint with the recommended rules, without warnings', () => {
    // Redocly writes its verdict to stderr, and exits non-zero when the lint fails.
    const lint = spawnSync('npx', ['redocly', 'lint', 'openapi.yaml', '--format=summary'], { encoding: 'utf8' });
    const output = `${lint.stdout}${lint.stderr}`;
    expect(lint.status, output).toBe(0);
    expect(output).toContain('Your API description is valid');
    expect(output).not.toMatch(/You have \d+ warning/);
  });
});

describe('every contract path answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(contract.operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]))(
    '%s answers with an envelope',
    async (_name, operation) => {
      const answer = await server.call(operation.method === 'get' ? 'GET' : 'POST', operation.path);
      expect(answer.status).not.toBe(404);
      expect(typeof answer.code).toBe('number');
      expect(answer).toHaveProperty('msg');
      if (answer.msg === notYetMessage) expect(answer.code).toBe(1);
    },
  );

  it('answers an unknown api path with 404 and an envelope', async () => {
    const answer = await server.call('GET', '/api/nothing/here');
    expect(answer).toMatchObject({ status: 404, code: 1 });
  });
});
