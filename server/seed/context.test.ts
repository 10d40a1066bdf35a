import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyClusterTemplate } from '../db/cluster-template.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { insertGroupedRows, insertReturningIds, insertRows } from './context.ts';

let handle: DatabaseHandle;
const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-seed-context-'));

beforeAll(async () => {
  // From the migrated empty cluster when npm install made one: initdb takes seconds.
  await copyClusterTemplate(dataDir);
  handle = await openDatabase({ dataDir });
  await migrate(handle);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const league = (name: string) => ({
  sport: 'football' as const,
  name,
  name_en: name,
  short_name_zh: name.slice(0, 10),
  short_name_en: name.slice(0, 16),
  logo: `/media/leagues/football-${name}.svg`,
  current_season: '2026',
});

describe("the seed's inserts", () => {
  it('answer the new ids in the order of the rows, past one statement', async () => {
    const names = Array.from({ length: 1201 }, (_, i) => `order-${i}`);
    const ids = await insertReturningIds(handle.db, 'leagues', names.map(league));
    const stored = await handle.db.selectFrom('leagues').select(['id', 'name']).where('name', 'like', 'order-%').execute();
    const nameOf = new Map(stored.map((row) => [Number(row.id), row.name]));
    expect(ids.map((id) => nameOf.get(id))).toEqual(names);
  });

  it('give a column a row leaves out its default, and one a row gives null null', async () => {
    // every row without `sort` and `country`; one with a key, one without (nullable, no default)
    await insertRows(handle.db, 'leagues', [{ ...league('defaults-1'), key: 'D1' }, league('defaults-2')]);
    // rows that differ in whether they give a defaulted column
    await insertRows(handle.db, 'leagues', [{ ...league('defaults-3'), sort: 7, is_hot: true }, league('defaults-4')]);
    const rows = await handle.db
      .selectFrom('leagues')
      .select(['name', 'key', 'sort', 'country', 'is_hot', 'season_style'])
      .where('name', 'like', 'defaults-%')
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { name: 'defaults-1', key: 'D1', sort: 0, country: '', is_hot: false, season_style: 'calendar_year' },
      { name: 'defaults-2', key: null, sort: 0, country: '', is_hot: false, season_style: 'calendar_year' },
      { name: 'defaults-3', key: null, sort: 7, country: '', is_hot: true, season_style: 'calendar_year' },
      { name: 'defaults-4', key: null, sort: 0, country: '', is_hot: false, season_style: 'calendar_year' },
    ]);
  });

  it('store jsonb given as JSON text as the value it spells, and dates as the moment they are', async () => {
    const at = new Date('2026-03-14T15:07:31.123Z');
    await insertRows(handle.db, 'site_config', [
      { key: 'json_object', value: JSON.stringify({ a: [1, 2], b: 'x\n"y"' }), updated_at: at },
      { key: 'json_string', value: JSON.stringify('text'), updated_at: at },
    ]);
    const rows = await handle.db
      .selectFrom('site_config')
      .select(['key', 'value', 'updated_at'])
      .where('key', 'like', 'json_%')
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'json_object', value: { a: [1, 2], b: 'x\n"y"' }, updated_at: at },
      { key: 'json_string', value: 'text', updated_at: at },
    ]);
  });

  it('put each group whole in one statement, and a group larger than a statement alone in its own', async () => {
    const sizes = [300, 300, 700, 100];
    const groups = sizes.map((size, g) => Array.from({ length: size }, (_, i) => league(`group-${g}-${i}`)));
    await insertGroupedRows(handle.db, 'leagues', groups);
    // Outside a transaction each statement is one: its rows share their xmin.
    const { rows } = await sql<{ name: string; xmin: string }>`
      select name, xmin::text as xmin from leagues where name like 'group-%'`.execute(handle.db);
    const statementOf = new Map(rows.map((row) => [row.name, row.xmin]));
    const statementsOf = (g: number) => new Set(groups[g]!.map((row) => statementOf.get(row.name)));
    expect(sizes.map((_, g) => statementsOf(g).size)).toEqual([1, 1, 1, 1]);
    const [first, second, third, fourth] = sizes.map((_, g) => [...statementsOf(g)][0]);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(fourth).not.toBe(third);
  });
});
