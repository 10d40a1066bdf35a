import type { ESLint } from 'eslint';

/** Every path of the route table, read from its `route('/path', ...)` entries (src/routes.ts unless given). */
export declare function routePaths(source?: string): string[];
export declare const routeRules: ESLint.Plugin;
