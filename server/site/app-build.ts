import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start` serves the built app (dist/). A fresh clone, or sources newer than the build, build it first:
// in a process of its own, on the other core, while the server opens its database (server/main.ts).

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where the built app is served from unless DIST_DIR says otherwise. */
export const defaultDistDir = join(projectRoot, 'dist');

/** The newest modification time under `path`, read on the thread pool while the start-up goes on. */
async function newestMtime(path: string): Promise<number> {
  const found = await stat(path).catch(() => undefined);
  if (!found) return 0;
  if (!found.isDirectory()) return found.mtimeMs;
  const times = await Promise.all((await readdir(path)).map((name) => newestMtime(join(path, name))));
  return Math.max(found.mtimeMs, ...times);
}

/** Whether the build in `distDir` is missing or older than the app's sources. */
export async function isAppStale(distDir: string, root = projectRoot): Promise<boolean> {
  // A fresh clone has no build: nothing to walk, and the thread pool is left to the cluster's copy.
  const built = await newestMtime(join(distDir, 'index.html'));
  if (built === 0) return true;
  const sources = await Promise.all(['src', 'public', 'index.html', 'vite.config.ts'].map((path) => newestMtime(join(root, path))));
  return built < Math.max(...sources);
}

/** Builds the app into `distDir`; settles when Vite is done, rejecting when it fails. */
export function buildTheApp(distDir: string, root = projectRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    // Vite's own script under this Node: npx would first spend a second of CPU finding it, on the core the
    // database's start is using. Callers such as Vitest set NODE_ENV=test, which would bundle React's development build.
    const vite = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // At a lower priority (Vite's processes start after this and inherit it): the build yields the CPU to the
    // database's start, whose first answer matters more.
    if (vite.pid !== undefined) setPriority(vite.pid, 10);
    vite.once('error', reject);
    vite.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${String(code)}`))));
  });
}

/**
 * `npm start --build`: the app as it will be served, built first when the build is missing or stale. Settles once
 * the pages can be served; the staleness check and the build run beside the rest of the start-up.
 */
export async function ensureAppBuilt(distDir: string, onBuild: () => void, root = projectRoot): Promise<void> {
  if (!(await isAppStale(distDir, root))) return;
  onBuild();
  await buildTheApp(distDir, root);
}
