import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * A lint rule that never fires is no rule (STYLE.md, The house). Each fixture in ./fixtures breaks
 * one rule; its header says where in the tree it is linted as living and which rule must catch it:
 *
 *   // lint-as: src/features/scores/reaches-into-the-shell.ts
 *   // expect: import-x/no-restricted-paths
 *
 * The fixtures themselves are ignored by `npm run lint`; here each is linted under its pretended path.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtureDir = fileURLToPath(new URL('./fixtures', import.meta.url));

interface Fixture {
  name: string;
  code: string;
  lintAs: string;
  expected: string;
}

function readFixtures(): Fixture[] {
  return readdirSync(fixtureDir)
    .filter((name) => /\.tsx?$/.test(name))
    .sort()
    .map((name) => {
      const code = readFileSync(join(fixtureDir, name), 'utf8');
      const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(code)?.[1];
      const expected = /^\/\/ expect: (\S+)$/m.exec(code)?.[1];
      if (!lintAs || !expected) throw new Error(`${name}: the header needs "// lint-as: <path>" and "// expect: <rule>"`);
      return { name, code, lintAs, expected };
    });
}

const eslint = new ESLint({ cwd: root });
const fixtures = readFixtures();

describe('every lint rule of the house fires on a file that breaks it', () => {
  it('has fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it.each(fixtures)('$name fails $expected when linted as $lintAs', async ({ code, lintAs, expected }) => {
    const [result] = await eslint.lintText(code, { filePath: resolve(root, lintAs) });
    const rules = (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
    expect(rules).toContain(expected);
  }, 30_000);

  it('a fixture fails only where it pretends to live: the same code in a permitted place passes its rule', async () => {
    const fixture = fixtures.find((entry) => entry.name === 'feature-imports-the-shell.ts');
    expect(fixture).toBeDefined();
    const [result] = await eslint.lintText(fixture!.code, { filePath: resolve(root, 'src/app/permitted-import.ts') });
    expect((result?.messages ?? []).map((message) => message.ruleId)).not.toContain(fixture!.expected);
  }, 30_000);

  it('a machine may take contract types from the generated schema, with or without the extension', async () => {
    const code = [
      "import type { components } from '../api/schema';",
      "import type { paths } from '../api/schema.d.ts';",
      "export type Board = components['schemas']['SignTaskBoard'];",
      "export type Paths = keyof paths;",
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: resolve(root, 'src/machines/permitted-contract-types.ts') });
    expect((result?.messages ?? []).map((message) => message.ruleId)).not.toContain('import-x/no-restricted-paths');
  }, 30_000);

  it('a query module may write the key: src/api/queries is where keys are made', async () => {
    const fixture = fixtures.find((entry) => entry.name === 'feature-writes-a-query-key.ts');
    expect(fixture).toBeDefined();
    const [result] = await eslint.lintText(fixture!.code, { filePath: resolve(root, 'src/api/queries/permitted-key.ts') });
    expect((result?.messages ?? []).map((message) => message.ruleId)).not.toContain(fixture!.expected);
  }, 30_000);
});
