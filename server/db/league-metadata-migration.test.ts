import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrate } from './migrate.ts';

// Migration 012 moves what the services knew about leagues from the seed's catalogue into the database.
// A database seeded before it has leagues without that knowledge: the migration gives it to the leagues
// it was seeded with, and leaves any other league to its owner.

const migrationsDir = new URL('./migrations/', import.meta.url);

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({});
  await handle.exec('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  const before = (await readdir(migrationsDir)).filter((name) => /^\d{3}_.+\.sql$/.test(name) && name < '012').sort();
  for (const file of before) {
    await handle.exec(await readFile(new URL(file, migrationsDir), 'utf8'));
    await handle.db.insertInto('schema_migrations').values({ name: file }).execute();
  }
  const league = (name: string, sport: 'football' | 'basketball', sort: number) => ({
    sport,
    name,
    name_en: name,
    short_name_zh: name.slice(0, 4),
    short_name_en: 'X',
    logo: '/media/leagues/x.svg',
    current_season: '2026',
    sort,
  });
  await handle.db
    .insertInto('leagues')
    .values([league('国际足联世界杯', 'football', 0), league('美国职业篮球联赛', 'basketball', 1), league('某地方联赛', 'football', 2)])
    .execute();
  expect(await migrate(handle)).toContain('012_league_metadata.sql');
}, 60_000);

afterAll(async () => {
  await handle.close();
});

describe('migration 012 on a database seeded before it', () => {
  it('gives the seeded leagues their key, season style, daily fixtures and player pool', async () => {
    const rows = await handle.db
      .selectFrom('leagues')
      .select(['name', 'key', 'season_style', 'daily_fixtures', 'player_pool'])
      .orderBy('sort')
      .execute();
    expect(rows).toEqual([
      { name: '国际足联世界杯', key: 'WC', season_style: 'world_cup', daily_fixtures: 0, player_pool: 'mix' },
      { name: '美国职业篮球联赛', key: 'NBA', season_style: 'two_year', daily_fixtures: 8, player_pool: 'nba' },
      { name: '某地方联赛', key: null, season_style: 'calendar_year', daily_fixtures: null, player_pool: null },
    ]);
  });

  it('stores the knockout rounds of the World Cup in the order they are played', async () => {
    const rounds = await handle.db
      .selectFrom('knockout_rounds')
      .innerJoin('leagues', 'leagues.id', 'knockout_rounds.league_id')
      .select(['leagues.key as league', 'knockout_rounds.key', 'knockout_rounds.name'])
      .orderBy('knockout_rounds.sort')
      .execute();
    expect(rounds).toEqual([
      { league: 'WC', key: 'round_of_32', name: '1/16决赛' },
      { league: 'WC', key: 'round_of_16', name: '1/8决赛' },
      { league: 'WC', key: 'quarter_final', name: '1/4决赛' },
      { league: 'WC', key: 'semi_final', name: '半决赛' },
      { league: 'WC', key: 'third_place', name: '季军赛' },
      { league: 'WC', key: 'final', name: '决赛' },
    ]);
  });
});
