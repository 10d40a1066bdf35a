import { openDatabase } from './server/db/database.ts';
import { readClusterTemplate } from './server/db/cluster-template.ts';
import { seedWorld } from './server/db/seed.ts';
const h = await openDatabase({ loadDataDir: readClusterTemplate() });
const t = performance.now();
await seedWorld(h, { now: new Date(), seed: 20261122 });
console.log('seed', Math.round(performance.now() - t));
await h.close();
