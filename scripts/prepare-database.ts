// `npm install` (postinstall): makes the migrated empty PGlite cluster a new data directory starts from
// (server/db/cluster-template.ts), so the first `npm start` skips initdb, and the server's bundle
// (scripts/server-bundle.mjs), so it skips bundling. A failure here costs only time: the site then
// makes both on first start, as it would without this step.
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
