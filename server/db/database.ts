import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

/** An open database: Kysely for queries, `exec` for multi-statement SQL (migrations, seeds). */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  exec(text: string): Promise<void>;
  /** PGlite only: the whole cluster as a tarball, to be loaded again with `loadDataDir`. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite dump (from `dumpDataDir`) to start from instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  /** PGlite's engine compiled ahead (compilePgliteWasm), so the compiling overlaps what the start-up does before. */
  pgliteWasm?: Promise<WebAssembly.Module> | undefined;
}

/**
 * PostgreSQL's default 128 MB of shared buffers fill up as the site reads and stay resident. The
 * seeded world is about 10 MB and hot reads are served from the server's memory, so 32 MB holds all
 * of it and caps the process about 130 MB lower (measured: 433 → 311 MB RSS after reading every table).
 */
const pgliteSharedBuffers = '32MB';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return await openPostgres(options.url);
  const pglite = new PGlite({
    // numeric (balances, odds) and int8 (counts, sums) read as numbers, as on the PostgreSQL branch
    parsers: { [types.NUMERIC]: (value: string) => Number(value), [types.INT8]: (value: string) => Number(value) },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.pgliteWasm ? { pgliteWasmModule: await options.pgliteWasm } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      await pglite.exec(text);
    },
    dump: (compression = 'none') => pglite.dumpDataDir(compression),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: the embedded database's start-up does not pay for it.
  const { default: pg } = await import('pg');
  // int8 (bigint counts, sums) read as numbers: every sum the site keeps fits in 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  pg.types.setTypeParser(1700, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    exec: async (text) => {
      await pool.query(text);
    },
    close: async () => {
      await db.destroy();
    },
  };
}

/** The numbered migrations applied so far, oldest first. */
export async function appliedMigrations(handle: DatabaseHandle): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(handle.db);
  return result.rows.map((row) => row.name);
}

/**
 * A handle for a database that is still starting (PGlite's first start runs initdb, migrations and
 * the seed: many seconds). The site listens at once and serves the app; calls that reach the
 * database wait for `ready` (buildApp's `databaseReady`), so nothing touches `db` before it exists.
 */
export function deferredDatabase(
  kind: DatabaseHandle['kind'],
  opening: Promise<DatabaseHandle>,
): { handle: DatabaseHandle; ready: Promise<DatabaseHandle> } {
  let opened: DatabaseHandle | undefined;
  const ready = opening.then((handle) => (opened = handle));
  const current = () => {
    if (!opened) throw new Error('the database is still starting');
    return opened;
  };
  const handle: DatabaseHandle = {
    kind,
    get db() {
      return current().db;
    },
    exec: async (text) => (await ready).exec(text),
    close: async () => (await ready).close(),
  };
  return { handle, ready };
}
