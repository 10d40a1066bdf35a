// Merges openapi-parts/base.yaml with every other openapi-parts/*.yaml fragment into one contract.
// Fragments hold `paths:` and `components:`; a name defined twice is an error.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const dir = new URL('../openapi-parts/', import.meta.url);
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : new URL('../openapi.yaml', import.meta.url);
const base = parse(readFileSync(new URL('base.yaml', dir), 'utf8'));
const problems = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml') && name !== 'base.yaml').sort()) {
  const part = parse(readFileSync(new URL(file, dir), 'utf8')) ?? {};
  for (const [path, item] of Object.entries(part.paths ?? {})) {
    if (base.paths[path]) problems.push(`${file}: path ${path} defined twice`);
    base.paths[path] = item;
  }
  for (const [kind, entries] of Object.entries(part.components ?? {})) {
    base.components[kind] ??= {};
    for (const [name, value] of Object.entries(entries ?? {})) {
      if (base.components[kind][name]) problems.push(`${file}: components.${kind}.${name} defined twice`);
      base.components[kind][name] = value;
    }
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
writeFileSync(out, stringify(base, { lineWidth: 0, aliasDuplicateObjects: false }));
console.log(`wrote ${out} with ${Object.keys(base.paths).length} paths`);
