import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { maintainTables, startTableMaintenance } from './table-maintenance.ts';

// One PGlite for the file: each start runs initdb, seconds on this machine.
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({});
}, 60_000);

afterAll(async () => {
  await handle.close();
});

beforeEach(async () => {
  await handle.exec('drop table if exists maintained; create table maintained (id int primary key, note text)');
});

/** The statistics of this backend's writes, sent now rather than within the second PostgreSQL waits. */
async function flushStatistics(): Promise<void> {
  await sql`select pg_stat_force_next_flush()`.execute(handle.db);
  await sql`select 1`.execute(handle.db);
}

async function tableState() {
  const { rows } = await sql<{ analyzed: boolean; vacuumed: boolean; estimated: number }>`
    select s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed, c.reltuples as estimated
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relname = 'maintained'`.execute(handle.db);
  return rows[0]!;
}

const silentLog = { debug: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

describe('table maintenance on PGlite', () => {
  it('analyzes a table once more of it changed than autovacuum would wait for, and only then', async () => {
    await handle.exec("insert into maintained select n, 'row' from generate_series(1, 40) n");
    await flushStatistics();
    expect((await maintainTables(handle)).map((table) => table.name)).not.toContain('public.maintained');
    expect((await tableState()).analyzed).toBe(false);

    await handle.exec("insert into maintained select n, 'row' from generate_series(41, 300) n");
    await flushStatistics();
    expect(await maintainTables(handle)).toContainEqual({ name: 'public.maintained', vacuum: false });
    expect(await tableState()).toMatchObject({ analyzed: true, vacuumed: false, estimated: 300 });
    // Analyzed: nothing is due until it changes again.
    expect((await maintainTables(handle)).map((table) => table.name)).not.toContain('public.maintained');
  });

  it('vacuums a table whose dead rows pass autovacuum’s share', async () => {
    await handle.exec("insert into maintained select n, 'row' from generate_series(1, 400) n");
    await flushStatistics();
    await maintainTables(handle);
    await handle.exec('delete from maintained where id > 100');
    await flushStatistics();
    expect(await maintainTables(handle)).toContainEqual({ name: 'public.maintained', vacuum: true });
    expect(await tableState()).toMatchObject({ analyzed: true, vacuumed: true, estimated: 100 });
  });

  it('runs its rounds by itself until stopped', async () => {
    const maintenance = startTableMaintenance(handle, silentLog, 20);
    expect(maintenance).not.toBeNull();
    await handle.exec("insert into maintained select n, 'row' from generate_series(1, 300) n");
    await flushStatistics();
    await expect.poll(async () => (await tableState()).analyzed, { timeout: 5_000 }).toBe(true);
    await maintenance!.stop();

    await handle.exec("insert into maintained select n, 'row' from generate_series(301, 1000) n");
    await flushStatistics();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await tableState()).estimated).toBe(300);
  });

  it('leaves PostgreSQL to its own autovacuum', () => {
    expect(startTableMaintenance({ ...handle, kind: 'postgres' }, silentLog, 20)).toBeNull();
  });
});
