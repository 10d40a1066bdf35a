import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../scripts/eslint-route-rules.mjs';

/**
 * The route rules (scripts/eslint-route-rules.mjs) fire on the fixtures (lint-rules.test.ts); here,
 * that they fire on every path of the table and leave alone what they must: a feature importing the
 * table, the table naming its screens lazily, and paths that are not routes.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function rulesFired(code: string, lintAs: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, lintAs) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the route table lint rules', () => {
  it('read every path of the table, SPEC §2 and the project’s', () => {
    const paths = routePaths();
    expect(paths).toEqual(expect.arrayContaining(['/main', '/football', '/trophy/home', '/downLoad', '/new_file', '/chat-chat', '/404', '/qr-confirm']));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('refuse each path of the table written by hand, alone or with its query', async () => {
    const code = routePaths()
      .flatMap((path, index) => [`export const a${String(index)} = '${path}';`, `export const b${String(index)} = \`${path}?id=\${String(index)}\`;`])
      .join('\n');
    const fired = await rulesFired(`const index = 1;\n${code}`, 'src/features/scores/every-path.ts');
    expect(fired.filter((rule) => rule === 'routes/no-hand-built-path')).toHaveLength(routePaths().length * 2);
  }, 30_000);

  it('leave alone paths that are not routes: the API, sockets, media, and routes’ look-alikes', async () => {
    const code = [
      "export const api = '/api/live/liveKickoutList';",
      "export const socket = '/ws';",
      "export const media = `/media/${String(1)}.png`;",
      "export const lookalike = '/livestream';",
      "export const root = '/';",
    ].join('\n');
    expect(await rulesFired(code, 'src/features/scores/not-routes.ts')).not.toContain('routes/no-hand-built-path');
  }, 30_000);

  it('let a feature import the table and read its query through it', async () => {
    const code = [
      "import { link, useRouteQuery } from '../../routes.ts';",
      "export const home = link('main');",
      "export const useId = () => useRouteQuery('live').id;",
    ].join('\n');
    const fired = await rulesFired(code, 'src/features/scores/uses-the-table.ts');
    expect(fired).not.toContain('import-x/no-restricted-paths');
    expect(fired.filter((rule) => rule.startsWith('routes/'))).toEqual([]);
  }, 30_000);

  it('let the table name screens with import() and import their types', async () => {
    const code = [
      "import type { ScoreListPage } from './features/scores/score-list-page.tsx';",
      "export type Page = typeof ScoreListPage;",
      "export const football = () => import('./features/scores/scores-screens.tsx').then((module) => module.FootballScreen);",
      "export const notBuilt = () => import('./app/area-not-built-screen.tsx').then((module) => module.AreaNotBuiltScreen);",
    ].join('\n');
    const fired = await rulesFired(code, 'src/routes.ts');
    expect(fired).not.toContain('routes/lazy-screens-only');
    expect(fired).not.toContain('import-x/no-restricted-paths');
  }, 30_000);

  it('leave tests and stories free to write the URLs they check', async () => {
    expect(await rulesFired("export const shown = '/live?id=3';", 'src/features/scores/match-row.test.ts')).not.toContain('routes/no-hand-built-path');
  }, 30_000);
});
