// `npm install` (postinstall): makes the migrated empty PGlite cluster a new data directory starts from
// (server/db/cluster-template.ts), so the first `npm start` skips initdb. A failure here costs only time:
// the site then makes its cluster on first start, as it would without this step.
import { clusterTemplatePath, writeClusterTemplate } from '../server/db/cluster-template.ts';

const started = performance.now();
try {
  await writeClusterTemplate();
  console.log(`Pitchside: the embedded database's empty cluster is ready (${String(Math.round(performance.now() - started))} ms): ${clusterTemplatePath()}`);
} catch (error) {
  console.warn('Pitchside: could not prepare the embedded database ahead of the first start; it will be made then.', error);
}
