// What a start begins before the server's own modules load: main.ts imports this module first, and ES modules run
// in the order they are imported. Each of these waits on other threads rather than on this one (V8 compiling
// PGlite's engine, the thread pool copying the prepared cluster and checking the app's build, Vite building it in
// a process of its own), so they go on while this thread loads the server and builds the app.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { copyClusterTemplate, isNewDataDir } from './db/cluster-template.ts';
import { compilePgliteWasm } from './db/pglite-engine.ts';
import { defaultDistDir, ensureAppBuilt } from './site/app-build.ts';

performance.mark('first steps');

export const databaseUrl = process.env.DATABASE_URL || undefined;
export const dataDir = resolve(process.env.DATA_DIR ?? 'data');
export const distDir = resolve(process.env.DIST_DIR ?? defaultDistDir);

/** PGlite's engine, compiling on V8's threads while this thread loads and builds the app. */
export const pgliteWasm = databaseUrl ? undefined : compilePgliteWasm();

if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
export const newDataDir = !databaseUrl && isNewDataDir(dataDir);

/** A new data directory starts as a copy of the cluster `npm install` prepared, when there is one. */
export const fromTemplate = newDataDir
  ? copyClusterTemplate(dataDir).then((copied) => {
      performance.mark('cluster copied');
      return copied;
    })
  : Promise.resolve(false);

/** `npm start` (--build) builds the app when its build is missing or stale, beside the database's start, not before it. */
export const appBuilt = process.argv.includes('--build')
  ? ensureAppBuilt(distDir, () => console.log('Building the app (dist/ is missing or older than src/) while the database starts…')).then(() =>
      performance.mark('app build ready'),
    )
  : undefined;
appBuilt?.catch((error: unknown) => {
  console.error('The app could not be built:', error);
  process.exit(1);
});
