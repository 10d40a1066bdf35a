import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyClusterTemplate, isNewDataDir, writeClusterTemplate } from './cluster-template.ts';
import { appliedMigrations, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

describe('the cluster npm install prepares', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pitchside-cluster-'));
  // In a directory that does not exist yet, as the install's cache on a fresh machine.
  const template = join(dir, 'cache', 'pitchside', 'cluster');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is copied into no data directory before npm install has made it', async () => {
    const dataDir = join(dir, 'none');
    expect(await copyClusterTemplate(dataDir, template)).toBe(false);
    expect(isNewDataDir(dataDir)).toBe(true);
  });

  it('gives a new data directory every migration of the day, so its first start migrates nothing', async () => {
    await writeClusterTemplate(template);
    expect(existsSync(`${template}.${process.pid}.part`)).toBe(false);
    const dataDir = join(dir, 'data');
    expect(isNewDataDir(dataDir)).toBe(true);
    expect(await copyClusterTemplate(dataDir, template)).toBe(true);
    expect(isNewDataDir(dataDir)).toBe(false);
    const handle = await openDatabase({ dataDir });
    try {
      expect(await appliedMigrations(handle)).not.toEqual([]);
      expect(await migrate(handle)).toEqual([]);
      const users = await handle.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('copies again over a copy that was cut short, which left the data directory new', async () => {
    const dataDir = join(dir, 'cut-short');
    mkdirSync(join(dataDir, 'global'), { recursive: true });
    writeFileSync(join(dataDir, 'global', 'pg_control'), 'half a file');
    expect(isNewDataDir(dataDir)).toBe(true);
    expect(await copyClusterTemplate(dataDir, template)).toBe(true);
    const handle = await openDatabase({ dataDir });
    try {
      expect(await migrate(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
