// Prints how many contract operations have a working handler, and lists the rest by area.
import { areaHandlers } from '../server/app.ts';
import { loadContract } from '../server/contract/contract.ts';

const { operations } = loadContract();
const missing = operations.filter((operation) => !(operation.operationId in areaHandlers));
const byArea = new Map<string, string[]>();
for (const operation of missing) {
  byArea.set(operation.area, [...(byArea.get(operation.area) ?? []), `${operation.method.toUpperCase()} ${operation.path}`]);
}
for (const [area, paths] of [...byArea.entries()].sort()) {
  console.log(`\n${area} (${paths.length} answering 'Sorry, not yet')`);
  for (const path of paths) console.log(`  ${path}`);
}
console.log(`\nimplemented ${operations.length - missing.length} / ${operations.length}`);
