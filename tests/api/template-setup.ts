import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { copyClusterTemplate } from '../../server/db/cluster-template.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { databaseUrlWith, templateSeed, type DatabaseTemplate } from './database-template.ts';

/**
 * Builds the migrated, seeded world once per run; each test file starts from a copy of it
 * (a PGlite dump, or a PostgreSQL database created from a template database).
 */
export default async function setup(project: TestProject) {
  const now = new Date();
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `pitchside_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const templateUrl = databaseUrlWith(url, name);
    const handle = await openDatabase({ url: templateUrl });
    await migrate(handle);
    await seedWorld(handle, { now, seed: templateSeed });
    await handle.close();
    const template: DatabaseTemplate = { kind: 'postgres', adminUrl: url, templateName: name, seededAt: now.toISOString() };
    project.provide('databaseTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  // From the cluster npm install prepared when it is there (server/db/cluster-template.ts), as a new site starts.
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-template-'));
  await copyClusterTemplate(dataDir);
  const handle = await openDatabase({ dataDir });
  await migrate(handle);
  await seedWorld(handle, { now, seed: templateSeed });
  if (!handle.dump) throw new Error('the embedded database cannot be dumped');
  const dump = Buffer.from(await (await handle.dump()).arrayBuffer());
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
  const file = join(mkdtempSync(join(tmpdir(), 'pitchside-')), 'template.tar');
  writeFileSync(file, dump);
  const template: DatabaseTemplate = { kind: 'pglite', dumpFile: file, seededAt: now.toISOString() };
  project.provide('databaseTemplate', template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}
