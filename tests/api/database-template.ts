import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';

/** The seed of the test world: fixed, so every run sees the same users, matches and rooms. */
export const templateSeed = 7;

export type DatabaseTemplate =
  | { kind: 'pglite'; dumpFile: string; seededAt: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string; seededAt: string };

export function databaseUrlWith(url: string, databaseName: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${databaseName}`;
  return parsed.toString();
}

/** A private copy of the seeded world for one test file; `close` throws it away. */
export async function openTemplateCopy(template: DatabaseTemplate): Promise<DatabaseHandle> {
  if (template.kind === 'pglite') {
    const dump = await readFile(template.dumpFile);
    return openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const name = `pitchside_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.templateName}`);
  const handle = await openDatabase({ url: databaseUrlWith(template.adminUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropCopy(admin, name);
    },
  };
}

/** Drops a template copy once its closed pools' backends are gone, then ends `admin`, the connection that made it. */
export async function dropCopy(admin: pg.Client, name: string): Promise<void> {
  // A pool's end() resolves before the server has seen every client leave; a forced drop would
  // then kill those backends and their clients report it as an unhandled error.
  for (let wait = 0; wait < 100; wait++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (!rows[0]?.n) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
