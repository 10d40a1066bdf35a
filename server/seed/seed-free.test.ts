import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN.md (Server): production code never reads the seed. What a service needs to know about leagues,
// gifts or tiers is in the database; the demo catalogue (server/seed/catalogue) and the seed modules
// are for seed.ts alone, which main.ts runs on a first start.

const serverDir = fileURLToPath(new URL('../', import.meta.url));
const seedDir = path.join(serverDir, 'seed') + path.sep;
/** The seed's one entry, which main.ts and the tests' templates run. */
const seedEntry = path.join(seedDir, 'seed.ts');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files a module imports, resolved; relative specifiers only (packages are not the seed). */
async function importsOf(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((match) =>
    path.resolve(path.dirname(file), (match[1] ?? match[2])!),
  );
}

describe('production code', () => {
  it('imports neither the seed catalogue nor the seed modules outside the seed', async () => {
    const files = (await sourceFiles(serverDir)).filter((file) => !file.startsWith(seedDir));
    const offending: string[] = [];
    for (const file of files) {
      for (const target of await importsOf(file)) {
        if (target.startsWith(seedDir) && target !== seedEntry) offending.push(`${path.relative(serverDir, file)} -> ${path.relative(serverDir, target)}`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });
});
