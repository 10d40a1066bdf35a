import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isNewDataDir, readClusterTemplate, writeClusterTemplate } from './cluster-template.ts';
import { appliedMigrations, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

describe("the cluster npm install prepares", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pitchside-cluster-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives a new data directory every migration of the day, so its first start migrates nothing', async () => {
    const file = join(dir, 'cluster.tar');
    expect(await readClusterTemplate(file)).toBeUndefined();
    await writeClusterTemplate(file);
    const dataDir = join(dir, 'data');
    expect(isNewDataDir(dataDir)).toBe(true);
    const handle = await openDatabase({ dataDir, loadDataDir: await readClusterTemplate(file) });
    try {
      expect(isNewDataDir(dataDir)).toBe(false);
      expect(await appliedMigrations(handle)).not.toEqual([]);
      expect(await migrate(handle)).toEqual([]);
      const users = await handle.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
