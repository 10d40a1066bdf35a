import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstLoadMessageIds, firstLoadEntry, messageIdsNamedIn, staticallyReached } from './split-messages.ts';

const read = (path: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;
const sourceIds = Object.keys(read('../src/i18n/messages/zh.json'));

describe('the first load carries only the messages its modules name (scripts/split-messages.ts)', () => {
  it('finds ids named whole, by a template prefix and by a joined prefix', () => {
    const ids = ['scores.stat.corner', 'scores.stat.shot', 'scores.title', 'login.title', 'nav.home'];
    const code = "t('nav.home'); t(`scores.stat.${key}`); x = \"login.\" + y; const other = 'scores.titles';";
    expect([...messageIdsNamedIn(code, ids)].sort()).toEqual(['login.title', 'nav.home', 'scores.stat.corner', 'scores.stat.shot']);
  });

  it('follows static imports and leaves lazy screens out', () => {
    const reached = staticallyReached(firstLoadEntry).map((file) => file.replaceAll('\\', '/'));
    expect(reached.some((file) => file.endsWith('src/app/home-page.tsx'))).toBe(true);
    expect(reached.some((file) => file.endsWith('src/features/live/room/room-page.tsx'))).toBe(false);
    expect(reached.some((file) => file.endsWith('src/app/login-dialog-host.tsx'))).toBe(false);
  });

  it.each(['zh', 'en', 'vi'])('%s: the two parts are current, disjoint and whole; run `npm run i18n:compile` after editing messages/', (locale) => {
    const first = read(`../src/i18n/compiled/${locale}.first.json`);
    const rest = read(`../src/i18n/compiled/${locale}.rest.json`);
    expect(Object.keys(first).sort()).toEqual(firstLoadMessageIds(sourceIds).sort());
    expect(Object.keys(first).filter((id) => id in rest)).toEqual([]);
    expect(new Set([...Object.keys(first), ...Object.keys(rest)])).toEqual(new Set(sourceIds));
  });
});
