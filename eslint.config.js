import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { routeRules } from './scripts/eslint-route-rules.mjs';

const featureAreas = [
  'account', 'tasks', 'scores', 'live', 'anchor', 'gifts', 'social',
  'wallet', 'chat', 'circle', 'content', 'video', 'expert', 'admin',
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
            { target: './src/ui', from: ['./src/features', './src/app', './src/api'] },
            { target: './src/machines', from: ['./src/features', './src/app', './src/ui', './src/api'] },
            { target: './src/api', from: ['./src/features', './src/app', './src/ui'] },
            { target: './src', from: './server' },
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
);
