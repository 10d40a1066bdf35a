import { existsSync, mkdirSync, openAsBlob, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

// PGlite's first start runs initdb, the slowest step of a cold start (2–3 s of CPU). `npm install` makes
// an empty cluster with the migrations of the day once (scripts/prepare-database.ts), and a new data
// directory starts as a copy of it; migrations added since are applied on top, as on any start, since a
// landed migration is never edited. The cluster's format is PGlite's, so the file is kept per version.

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

function pgliteVersion(): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Where this install keeps its migrated empty cluster. */
export function clusterTemplatePath(): string {
  return join(projectRoot, 'node_modules/.cache/pitchside', `pglite-${pgliteVersion()}-cluster.tar`);
}

/** The migrated empty cluster of this install, if `npm install` made one: read from the file as PGlite loads it, not copied first. */
export async function readClusterTemplate(path = clusterTemplatePath()): Promise<Blob | undefined> {
  return existsSync(path) ? openAsBlob(path) : undefined;
}

/** Makes the migrated empty cluster and writes it where a new data directory will look for it. */
export async function writeClusterTemplate(path = clusterTemplatePath()): Promise<void> {
  const handle = await openDatabase({});
  try {
    await migrate(handle);
    // Kept uncompressed: loading it is what a cold start waits for (0.6 s against 0.8 s gzipped, for 46 MB on disk).
    const dump = await handle.dump!('none');
    mkdirSync(dirname(path), { recursive: true });
    // Written aside and renamed, so a start at the same moment never reads half a file.
    writeFileSync(`${path}.part`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${path}.part`, path);
  } finally {
    await handle.close();
  }
}

/** Whether `dataDir` holds no cluster yet (PGlite writes PG_VERSION when it makes one). */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}
