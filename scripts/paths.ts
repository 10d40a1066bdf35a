// `npm run paths`: the machines as a tester reads them, and how much of each the tests cover.
//   npm run paths                          every machine: states, events, named shortest paths; then the coverage table
//   npm run paths -- --no-coverage         the catalogue alone (the coverage runs the machine tests, a few minutes)
//   npm run paths -- <machine>             one machine's catalogue
//   npm run paths -- <machine> <path> [--headed] [--site http://127.0.0.1:8080] [--out dir] [--field mobile=138…]
//                                          replays the path against the running site in Chromium, a screenshot per step
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogue, eventTypesOf, eventWordsOf, findEntry, namedPaths, statesOf, type CatalogueEntry } from '../src/machines/path-catalogue.ts';
import { browserDrivers, replayInBrowser } from './paths-browser.ts';

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--') && !arg.includes('=')));
const valueOf = (name: string): string[] =>
  args.flatMap((arg, index) => (arg === `--${name}` && args[index + 1] ? [args[index + 1] as string] : arg.startsWith(`--${name}=`) ? [arg.slice(name.length + 3)] : []));
const valued = new Set(['--site', '--out', '--field']);
const positional = args.filter((arg, index) => !arg.startsWith('--') && !valued.has(args[index - 1] ?? ''));

function printEntry(entry: CatalogueEntry): void {
  console.log(`\n■ ${entry.name}  (${entry.machine.id})${browserDrivers[entry.name] ? '  · replayable in the browser' : ''}`);
  console.log(`  states: ${statesOf(entry.machine).join(', ')}`);
  console.log(`  events: ${eventTypesOf(entry.machine).map((type) => eventWordsOf({ type })).join(', ')}`);
  console.log('  paths:');
  try {
    const paths = namedPaths(entry);
    for (const path of paths) console.log(`    ${path.name.padEnd(28)} ${path.words}`);
    const leaves = statesOf(entry.machine).filter((state) => !statesOf(entry.machine).some((other) => other.startsWith(`${state}.`)));
    const unreached = leaves.filter((state) => !paths.some((path) => path.name === state));
    if (unreached.length) console.log(`    (not reached by a walk without the events' payloads: ${unreached.join(', ')})`);
  } catch (error) {
    console.log(`    (the walk stopped: ${error instanceof Error ? error.message : String(error)})`);
  }
}

interface SavedReport {
  machine: string;
  all: number;
  covered: number;
  excepted: Array<{ key: string; reason: string }>;
  missing: Array<{ key: string; words: string }>;
}

function printCoverage(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'pitchside-paths-'));
  console.log('\nTransition coverage: running the machine tests (npx vitest run --project unit src/machines)…');
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', 'src/machines/', '--reporter=dot'], {
    env: { ...process.env, PATHS_COVERAGE_DIR: dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const reports = readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as SavedReport);
  rmSync(dir, { recursive: true, force: true });
  const byId = new Map(reports.map((report) => [report.machine, report]));
  console.log(`\n  ${'machine'.padEnd(20)} ${'taken'.padStart(6)} ${'excepted'.padStart(9)} ${'all'.padStart(5)} ${'coverage'.padStart(9)}`);
  let ok = run.status === 0;
  for (const entry of catalogue) {
    const report = byId.get(entry.machine.id);
    if (!report) {
      console.log(`  ${entry.name.padEnd(20)} no coverage check ran`);
      ok = false;
      continue;
    }
    const share = ((report.covered + report.excepted.length) / report.all) * 100;
    console.log(
      `  ${entry.name.padEnd(20)} ${String(report.covered).padStart(6)} ${String(report.excepted.length).padStart(9)} ${String(report.all).padStart(5)} ${`${share.toFixed(share === 100 ? 0 : 1)} %`.padStart(9)}`,
    );
    for (const exception of report.excepted) console.log(`      excepted ${exception.key}: ${exception.reason}`);
    for (const missing of report.missing) console.log(`      MISSING  ${missing.key}  (${missing.words})`);
  }
  if (run.status !== 0) console.log('\n  Some machine tests failed: run npx vitest run --project unit src/machines/ to see which.');
  return ok;
}

async function main(): Promise<void> {
  const [machineName, pathName] = positional;
  if (machineName && pathName) {
    const fields = Object.fromEntries(valueOf('field').map((pair) => pair.split('=', 2) as [string, string]));
    const site = valueOf('site')[0] ?? process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
    const outDir = valueOf('out')[0] ?? join('paths-replay', `${machineName}-${pathName.replace(/[^\w.-]+/g, '_')}`);
    const steps = await replayInBrowser(machineName, pathName, { siteUrl: site, outDir, headed: flags.has('--headed'), fields, log: console.log });
    console.log(`\n${String(steps.length)} steps replayed; screenshots in ${outDir}`);
    return;
  }
  if (machineName) {
    const entry = findEntry(machineName);
    if (!entry) throw new Error(`no machine ${machineName}; machines: ${catalogue.map((candidate) => candidate.name).join(', ')}`);
    printEntry(entry);
    return;
  }
  for (const entry of catalogue) printEntry(entry);
  if (!flags.has('--no-coverage') && !printCoverage()) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
