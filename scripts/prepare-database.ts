// `npm install` (postinstall): makes the migrated empty PGlite cluster a new data directory starts from
// (server/db/cluster-template.ts), so the first `npm start` skips initdb, the server's bundle
// (scripts/server-bundle.mjs), so it skips bundling, and the app's build (dist/, or DIST_DIR), so it serves pages at
// once rather than after a minute of Vite. A failure here costs only time: the site then makes each on first start,
// as it would without this step. SKIP_APP_BUILD=1 leaves the app's build out (an install that builds it itself).
import { defaultDistDir, ensureAppBuilt } from '../server/site/app-build.ts';
import { clusterTemplatePath, writeClusterTemplate } from '../server/db/cluster-template.ts';
import { freshServerBundle } from './server-bundle.mjs';

const started = performance.now();
try {
  await writeClusterTemplate();
  console.log(`Pitchside: the embedded database's empty cluster is ready (${String(Math.round(performance.now() - started))} ms): ${clusterTemplatePath()}`);
} catch (error) {
  console.warn('Pitchside: could not prepare the embedded database ahead of the first start; it will be made then.', error);
}

const bundling = performance.now();
try {
  const { file } = await freshServerBundle();
  console.log(`Pitchside: the server's bundle is ready (${String(Math.round(performance.now() - bundling))} ms): ${file}`);
} catch (error) {
  console.warn('Pitchside: could not bundle the server ahead of the first start; it will be bundled then.', error);
}

if (process.env.SKIP_APP_BUILD !== '1') {
  const building = performance.now();
  const distDir = process.env.DIST_DIR || defaultDistDir;
  try {
    let built = false;
    await ensureAppBuilt(distDir, () => {
      built = true;
      console.log(`Pitchside: building the app into ${distDir}, so the first \`npm start\` serves pages at once…`);
    });
    console.log(`Pitchside: the app's build is ${built ? 'ready' : 'up to date'} (${String(Math.round(performance.now() - building))} ms): ${distDir}`);
  } catch (error) {
    console.warn('Pitchside: could not build the app ahead of the first start; `npm start` will build it then.', error);
  }
}
