// `npm start` serves the built app: build it when dist/ is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newestMtime('src'), newestMtime('public'), newestMtime('index.html'), newestMtime('vite.config.ts'));
if (built < sources) {
  console.log('Building the app (dist/ is missing or older than src/)…');
  // Callers such as Vitest set NODE_ENV=test, which would bundle React's development build.
  execSync('npx vite build --logLevel warn', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
