import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { routeRules } from './scripts/eslint-route-rules.mjs';

/** A `queryKey` written outside src/api/queries: keys come from the contract path there (STYLE.md, Data). */
const noInlineQueryKey = {
  meta: {
    type: 'problem',
    messages: { inline: 'Use a query hook or options function of src/api/queries/<area>.ts; do not write a queryKey here.' },
    schema: [],
  },
  create(context) {
    return {
      Property(node) {
        const name = node.key.type === 'Identifier' && !node.computed ? node.key.name : node.key.type === 'Literal' ? node.key.value : null;
        if (name === 'queryKey') context.report({ node, messageId: 'inline' });
      },
    };
  },
};

const featureAreas = [
  'account', 'tasks', 'scores', 'live', 'anchor', 'gifts', 'social',
  'wallet', 'chat', 'circle', 'content', 'video', 'expert', 'admin',
];


// The server's floors (STYLE.md, Server; README, Layout), top to bottom: main.ts -> app.ts (composition) -> areas ->
// the transports and engines (realtime, feed, media, site, adapters) -> ports -> contract -> db -> small helpers.
// A floor imports only the floors below it; the seed stands beside the areas, above the feed it plays, and nothing
// but main.ts runs it. Tests compose the whole server, so they are held by nothing here.
const serverEntry = ['./server/main.ts', './server/start-first.ts'];
const serverComposition = ['./server/app.ts', './server/create-server-context.ts'];
const serverEngines = ['./server/realtime', './server/feed', './server/media', './server/site', './server/adapters'];
const serverHelpers = [
  './server/errors.ts', './server/random.ts', './server/memory-cache.ts', './server/install-cache.ts',
  './server/password-hash.ts', './server/upload-content-type.ts', './server/i18n',
];
const serverAreas = [
  'account', 'admin', 'anchor', 'chat', 'circle', 'content', 'expert', 'gifts', 'live', 'scores', 'social', 'tasks', 'video', 'wallet',
];
const aboveEngines = [...serverEntry, ...serverComposition, './server/areas', './server/seed'];
const abovePorts = [...aboveEngines, ...serverEngines];
const serverZones = [
  { target: serverComposition, from: serverEntry, message: 'app.ts composes; main.ts starts it.' },
  { target: './server/areas', from: [...serverEntry, ...serverComposition, './server/seed'], message: 'An area knows neither the composition nor the seed.' },
  {
    target: './server/seed',
    from: [...serverEntry, ...serverComposition, './server/areas', './server/realtime', './server/media', './server/site', './server/adapters'],
    message: 'The seed fills tables; it imports no area.',
  },
  ...serverEngines.map((target) => ({ target, from: aboveEngines, message: 'Transports and engines know no area: an area hands them what to do.' })),
  {
    target: './server/feed',
    from: ['./server/realtime', './server/media', './server/site', './server/adapters'],
    message: 'The feed speaks in events; the scores area writes and pushes them.',
  },
  { target: './server/ports', from: abovePorts, message: 'Ports are interfaces: they import nothing above them.' },
  { target: './server/contract', from: [...abovePorts, './server/ports'], message: 'The contract knows no server context.' },
  { target: './server/db', from: [...abovePorts, './server/ports', './server/contract'], message: 'The database layer knows no contract or port.' },
  ...serverHelpers.map((target) => ({
    target,
    from: [...abovePorts, './server/ports', './server/contract', './server/db'],
    message: 'Small helpers import only each other.',
  })),
  // An area reaches another only through that area's one public file, <area>-public.ts.
  ...serverAreas.map((area) => ({
    target: `./server/areas/${area}`,
    from: './server/areas',
    except: [`./${area}`, ...serverAreas.filter((other) => other !== area).map((other) => `./${other}/${other}-public.ts`)],
    message: 'Another area is reached through its <area>-public.ts only.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'coverage', 'data', 'src/api/schema.d.ts', 'node_modules', 'tests/lint/fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // STYLE.md: one direction of imports. ui and machines know nothing of features or the app;
      // features do not import each other; only src/app wires features together; the app never
      // reaches into the server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/ui', from: ['./src/features', './src/app', './src/api', './src/realtime'] },
            { target: './src/machines', from: ['./src/features', './src/app', './src/ui', './src/realtime'] },
            // Machines take contract types from the generated schema (type-only: a .d.ts has no values), nothing else of api.
            { target: './src/machines', from: './src/api', except: ['./schema.d.ts'] },
            { target: './src/api', from: ['./src/features', './src/app', './src/ui', './src/realtime'] },
            // src/realtime is the shared client layer: below the features and the shell, above api and machines.
            { target: './src/realtime', from: ['./src/features', './src/app', './src/ui'] },
            { target: './src', from: './server' },
            // src/rules holds what both sides check (a card number, a length, a limit): the server imports it too,
            // so it imports nothing of the app.
            { target: './src/rules', from: './src', except: ['./rules'] },
            ...featureAreas.map((area) => ({
              target: `./src/features/${area}`,
              from: './src/features',
              except: [`./${area}`],
            })),
            ...featureAreas.map((area) => ({ target: `./src/features/${area}`, from: './src/app' })),
          ],
        },
      ],
      // No barrel files: import the file that defines the thing.
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)index(\\.tsx?)?$', message: 'Import the defining file, not an index barrel.' }] }],
    },
  },
  // Imports resolve with or without an extension, so the zones above also see
  // `../api/schema`; machines may take contract types from the generated schema (a .d.ts has no
  // values, and consistent-type-imports makes the import `import type`) but nothing else of src/api;
  // no import cycles; screens and the shell never write a query key (STYLE.md, Data).
  {
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] })],
      // no-cycle follows the files it can parse: TypeScript ones too.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    plugins: { pitchside: { rules: { 'no-inline-query-key': noInlineQueryKey } } },
    rules: {
      // The route table names its screens with import(), and screens import the table for link():
      // a lazy edge loads after the table, so it is no cycle at start-up.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // Replaces the shared zone list for machine files (a later rule setting replaces an earlier one
    // whole): every zone whose target holds src/machines must be listed here.
    files: ['src/machines/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/machines', from: ['./src/features', './src/app', './src/ui', './src/realtime'] },
            { target: './src/machines', from: './src/api', except: ['./schema.d.ts'] },
            { target: './src', from: './server' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**', 'src/app/**'],
    rules: { 'pitchside/no-inline-query-key': 'error' },
  },
  // STYLE.md, "One route table": screens and the shell write no route path and read no query string by
  // hand (link(), useRouteQuery() and parseQuery() of src/routes.ts do), and the table imports screens
  // only lazily, so the features that import it pull no screen into the first load.
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}'],
    plugins: { routes: routeRules },
    rules: { 'routes/no-hand-built-path': 'error', 'routes/no-raw-query': 'error' },
  },
  {
    files: ['src/routes.ts'],
    plugins: { routes: routeRules },
    rules: { 'routes/lazy-screens-only': 'error' },
  },
  // Replaces the shared zone list (which holds only src) for the server's own modules.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/**/*-test-*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
);
