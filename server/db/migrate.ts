import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

/**
 * Applies the numbered SQL files of server/db/migrations in order, each once, each in its own
 * transaction. A landed migration is never edited; a change is a new file.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const [done, names] = await Promise.all([appliedNames(handle), readdir(migrationsDir)]);
  const files = names.filter((name) => /^\d{3}_.+\.sql$/.test(name)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await readFile(new URL(file, migrationsDir), 'utf8');
    const escapedName = file.replaceAll("'", "''");
    await handle.exec(`begin;\n${text}\ninsert into schema_migrations (name) values ('${escapedName}');\ncommit;`);
    applied.push(file);
  }
  return applied;
}

/**
 * The migrations applied so far; a new database gets the table that lists them. Read first and made only when
 * missing: every start reads it, and a `create table if not exists` cost a warm start a statement of DDL.
 */
async function appliedNames(handle: DatabaseHandle): Promise<Set<string>> {
  const read = async () => new Set((await sql<{ name: string }>`select name from schema_migrations`.execute(handle.db)).rows.map((row) => row.name));
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: unknown }).code !== undefinedTable) throw error;
    await handle.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    return read();
  }
}

/** PostgreSQL's SQLSTATE for a relation that does not exist. */
const undefinedTable = '42P01';
