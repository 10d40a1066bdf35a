// Splits each language's compiled messages (written by formatjs into node_modules/.cache) in two: the messages the first load can show (used by a module that src/app/main.tsx reaches through
// static imports) and the rest, fetched with the first lazy screen. Run by `npm run i18n:compile`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const compiledDir = join(root, 'src/i18n/compiled');
const formatjsOutput = join(root, 'node_modules/.cache/pitchside-i18n');
export const firstLoadEntry = join(root, 'src/app/main.tsx');

const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const quoted = /(['"])([A-Za-z]\w*(?:\.[\w-]+)+)\1/g;
const templatePrefix = /`([A-Za-z]\w*(?:\.[\w-]+)*\.)\$\{/g;
const concatPrefix = /(['"])([A-Za-z]\w*(?:\.[\w-]+)*\.)\1\s*\+/g;

/** The source files a module reaches through static, non-type imports: what ships with it. */
export function staticallyReached(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(staticImport)) {
      if (specifier && /\.(ts|tsx)$/.test(specifier)) pending.push(resolve(dirname(file), specifier));
    }
  }
  return [...seen];
}

/** The message ids a file's code names: as whole literals, or every id under a literal prefix (`scores.stat.${key}`). */
export function messageIdsNamedIn(code: string, ids: readonly string[]): Set<string> {
  const named = new Set<string>();
  const known = new Set(ids);
  for (const [, , literal] of code.matchAll(quoted)) if (literal && known.has(literal)) named.add(literal);
  const prefixes = [...code.matchAll(templatePrefix)].map((match) => match[1]);
  prefixes.push(...[...code.matchAll(concatPrefix)].map((match) => match[2]));
  for (const prefix of prefixes) {
    if (prefix) for (const id of ids) if (id.startsWith(prefix)) named.add(id);
  }
  return named;
}

/** The ids the first load needs, in zh.json's order. */
export function firstLoadMessageIds(ids: readonly string[]): string[] {
  const named = new Set<string>();
  for (const file of staticallyReached(firstLoadEntry)) {
    for (const id of messageIdsNamedIn(readFileSync(file, 'utf8'), ids)) named.add(id);
  }
  return ids.filter((id) => named.has(id));
}

function splitAll() {
  const locales = ['zh', 'en', 'vi'];
  const all = Object.fromEntries(
    locales.map((locale) => [locale, JSON.parse(readFileSync(join(formatjsOutput, `${locale}.json`), 'utf8')) as Record<string, unknown>]),
  );
  const first = new Set(firstLoadMessageIds(Object.keys(all.zh ?? {})));
  for (const locale of locales) {
    const messages = all[locale] ?? {};
    const part = (wanted: boolean) => Object.fromEntries(Object.entries(messages).filter(([id]) => first.has(id) === wanted));
    writeFileSync(join(compiledDir, `${locale}.first.json`), `${JSON.stringify(part(true))}\n`);
    writeFileSync(join(compiledDir, `${locale}.rest.json`), `${JSON.stringify(part(false))}\n`);
  }
  console.log(`messages: ${first.size} with the first load, ${Object.keys(all.zh ?? {}).length - first.size} with the screens`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) splitAll();
