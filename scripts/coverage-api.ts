// Prints how many of the spec's calls have a working handler, and lists the rest by area.
// Calls the project added beyond endpoints.tsv (`x-beyond-spec`) are counted apart.
import { areaHandlers } from '../server/app.ts';
import { loadContract } from '../server/contract/contract.ts';

const contract = loadContract();
const paths = contract.document.paths as Record<string, Record<string, Record<string, unknown>>>;
const beyondSpec = (operation: (typeof contract.operations)[number]) =>
  paths[operation.path]?.[operation.method]?.['x-beyond-spec'] === true;
const specOperations = contract.operations.filter((operation) => !beyondSpec(operation));
const extraOperations = contract.operations.filter(beyondSpec);
const implemented = (operation: (typeof contract.operations)[number]) => operation.operationId in areaHandlers;

const byArea = new Map<string, string[]>();
for (const operation of specOperations.filter((candidate) => !implemented(candidate))) {
  byArea.set(operation.area, [...(byArea.get(operation.area) ?? []), `${operation.method.toUpperCase()} ${operation.path}`]);
}
for (const [area, list] of [...byArea.entries()].sort()) {
  console.log(`\n${area} (${list.length} answering 'Sorry, not yet')`);
  for (const path of list) console.log(`  ${path}`);
}
if (extraOperations.length > 0) {
  console.log(`\nbeyond endpoints.tsv: ${extraOperations.filter(implemented).length} / ${extraOperations.length} implemented`);
}
console.log(`\nimplemented ${specOperations.filter(implemented).length} / ${specOperations.length}`);
