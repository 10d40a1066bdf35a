import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start` serves the built app (dist/). A fresh clone, or sources newer than the build, build it first:
// in a process of its own, on the other core, while the server opens its database (server/main.ts).

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Whether the build in `distDir` is missing or older than the app's sources. */
export function isAppStale(distDir: string, root = projectRoot): boolean {
  const index = join(distDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...['src', 'public', 'index.html', 'vite.config.ts'].map((path) => newestMtime(join(root, path))));
  return built < sources;
}

/** Builds the app into `distDir`; settles when Vite is done, rejecting when it fails. */
export function buildTheApp(distDir: string, root = projectRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    // Callers such as Vitest set NODE_ENV=test, which would bundle React's development build.
    const vite = spawn('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    // At a lower priority (Vite's processes start after this and inherit it): the build yields the CPU to the
    // database's start, whose first answer matters more.
    if (vite.pid !== undefined) setPriority(vite.pid, 10);
    vite.once('error', reject);
    vite.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${String(code)}`))));
  });
}
