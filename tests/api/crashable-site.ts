import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { databaseUrlWith, dropCopy } from './database-template.ts';

// The kill -9 tests run the real server process (server/main.ts) on a database and data directory of
// their own, kill it mid-work and start it again on the same data. This is what they share.

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where a crashable site keeps its data: a PGlite data directory, or a PostgreSQL database of its own beside a directory for files. */
export interface SiteData {
  dataDir: string;
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/** A copy of the seeded world for one test file, named after `purpose` (letters and underscores). */
export async function prepareSiteData(purpose: string): Promise<SiteData> {
  const template = inject('databaseTemplate');
  const dataDir = mkdtempSync(join(tmpdir(), `pitchside-${purpose}-`));
  if (template.kind === 'pglite') {
    // The seeded world unpacked into the directory the server will use, as if it had seeded it itself.
    const seeded = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
    await seeded.close();
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `pitchside_${purpose}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.templateName}`);
  const url = databaseUrlWith(template.adminUrl, name);
  return {
    dataDir,
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ url }),
    dispose: async () => {
      await dropCopy(admin, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts server/main.ts on `data` without the media server; `env` adds to or overrides the test's settings. */
export function startSite(data: SiteData, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...data.env, PORT: String(port), HOST: '127.0.0.1', MEDIA_SERVER: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits until `probe`, a call that reads the database, answers code 0. */
export async function waitForSite(baseUrl: string, child: ChildProcess, probe: { path: string; body?: unknown }): Promise<void> {
  const init: RequestInit | undefined = probe.body === undefined ? undefined : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(probe.body) };
  for (const giveUp = Date.now() + 45_000; ; ) {
    try {
      const response = await fetch(`${baseUrl}${probe.path}`, init);
      if (response.ok && ((await response.json()) as { code: number }).code === 0) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${String(child.exitCode ?? child.signalCode)})`);
    if (Date.now() > giveUp) throw new Error('the server did not answer within 45 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Kills a site left running by a failed test and waits for it to go. */
export async function killLeftover(site: ChildProcess | undefined): Promise<void> {
  if (!site) return;
  site.kill('SIGKILL');
  await exited(site);
}
