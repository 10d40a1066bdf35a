import { constants, existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { installCacheDir } from '../install-cache.ts';
import { pglitePackageDir } from './pglite-engine.ts';

// PGlite's first start runs initdb, the slowest step of a cold start (2–3 s of CPU). `npm install` makes
// an empty cluster with the migrations of the day once (scripts/prepare-database.ts), and a new data
// directory starts as a copy of it; migrations added since are applied on top, as on any start, since a
// landed migration is never edited. The cluster's format is PGlite's, so it is kept per version.
//
// It is kept as the directory PGlite left it in, not as PGlite's tarball: a start copies it file by file on
// the thread pool while its own thread loads and builds the app, where loading the tarball took 0.6 s of the
// start's own thread on the benchmark machine (2–2.7 s on a slower, busy one, where the copy takes 1.5–2.5 s
// of other threads).

function pgliteVersion(): string {
  const manifest = JSON.parse(readFileSync(join(pglitePackageDir, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Where this install keeps its migrated empty cluster, a directory. */
export function clusterTemplatePath(): string {
  return join(installCacheDir, `pglite-${pgliteVersion()}-cluster`);
}

/** PGlite writes this file when it makes a cluster, so a cluster is complete once it is there. */
const clusterMark = 'PG_VERSION';

/** Whether `dataDir` holds no cluster yet. */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(join(dataDir, clusterMark));
}

/**
 * Copies a directory tree, a few files at a time on the thread pool (copy-on-write where the file system can). A few:
 * the pool serves its requests in turn, and the start's own reads and the build's check must not wait behind
 * fifteen hundred copies.
 */
async function copyTree(from: string, to: string, skip?: string): Promise<void> {
  const files: Array<[string, string]> = [];
  const walk = async (source: string, target: string) => {
    await mkdir(target, { recursive: true });
    for (const entry of await readdir(source, { withFileTypes: true })) {
      if (entry.name === skip && source === from) continue;
      if (entry.isDirectory()) await walk(join(source, entry.name), join(target, entry.name));
      else files.push([join(source, entry.name), join(target, entry.name)]);
    }
  };
  await walk(from, to);
  let next = 0;
  const copier = async () => {
    for (let file = files[next++]; file; file = files[next++]) await copyFile(file[0], file[1], constants.COPYFILE_FICLONE);
  };
  await Promise.all(Array.from({ length: 3 }, copier));
}

/**
 * Makes `dataDir` a copy of the migrated empty cluster of this install; false when `npm install` made none (PGlite
 * then runs initdb there). The cluster's mark is copied last: a copy cut short leaves a data directory that is
 * still new, and the next start copies it again over what is there.
 */
export async function copyClusterTemplate(dataDir: string, path = clusterTemplatePath()): Promise<boolean> {
  if (!existsSync(join(path, clusterMark))) return false;
  await copyTree(path, dataDir, clusterMark);
  await copyFile(join(path, clusterMark), join(dataDir, clusterMark));
  return true;
}

/** Makes the migrated empty cluster and puts it where a new data directory will be copied from. */
export async function writeClusterTemplate(path = clusterTemplatePath()): Promise<void> {
  // Imported here: a start copies the cluster before the database's modules have loaded (server/start-first.ts).
  const [{ openDatabase }, { migrate }] = await Promise.all([import('./database.ts'), import('./migrate.ts')]);
  const building = `${path}.${process.pid}.part`;
  await rm(building, { recursive: true, force: true });
  // A fresh install has no cache directory yet, and PGlite makes only the data directory's last level.
  await mkdir(dirname(building), { recursive: true });
  const handle = await openDatabase({ dataDir: building });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  // Swapped in whole, so a start copies an old cluster or the new one, never half of one.
  const old = `${path}.${process.pid}.old`;
  await rename(path, old).catch(() => undefined);
  await rename(building, path);
  await rm(old, { recursive: true, force: true });
  // Earlier installs kept the cluster as PGlite's tarball.
  await rm(`${path}.tar`, { force: true });
}
