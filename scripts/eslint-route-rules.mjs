// The route table's lint rules (STYLE.md, "One route table"): screens and the shell build links with
// link() and read queries with the table's parsers, and the table imports screens only lazily.
// eslint.config.js turns them on for src/features, src/app and src/routes.ts; tests/lint proves each
// fires with a fixture.
import { readFileSync } from 'node:fs';

const tableFile = new URL('../src/routes.ts', import.meta.url);

/** Every path of the route table, read from its `route('/path', ...)` entries. */
export function routePaths(source = readFileSync(tableFile, 'utf8')) {
  const paths = [...source.matchAll(/\broute\(\s*'(\/[^']+)'/g)].map((match) => match[1]);
  if (paths.length < 10) throw new Error(`eslint-route-rules: found ${String(paths.length)} routes in src/routes.ts; has its form changed?`);
  return paths;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Text that starts with a route's path, then ends or goes on with its query or hash. */
function startsWithRoute(paths) {
  const alternatives = [...paths].sort((a, b) => b.length - a.length).map(escape).join('|');
  return new RegExp(`^(?:${alternatives})(?=$|[?#])`);
}

const noHandBuiltPath = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses route paths written by hand: links come from link() of src/routes.ts.' },
    messages: { handBuilt: "'{{text}}' writes a route's path by hand: use link() from src/routes.ts." },
    schema: [],
  },
  create(context) {
    const pattern = startsWithRoute(routePaths());
    const check = (node, text) => {
      if (typeof text === 'string' && pattern.test(text)) context.report({ node, messageId: 'handBuilt', data: { text } });
    };
    return {
      Literal(node) {
        check(node, node.value);
      },
      TemplateLiteral(node) {
        check(node, node.quasis[0]?.value.cooked);
      },
    };
  },
};

/** `location`, `window.location`, `document.location` or `useLocation()`. */
function isLocation(node) {
  if (!node) return false;
  if (node.type === 'Identifier') return node.name === 'location';
  if (node.type === 'MemberExpression') return !node.computed && node.property.type === 'Identifier' && node.property.name === 'location';
  if (node.type === 'CallExpression') return node.callee.type === 'Identifier' && node.callee.name === 'useLocation';
  return false;
}

const noRawQuery = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses reading the query string by hand: screens use useRouteQuery() or parseQuery() of src/routes.ts.' },
    messages: {
      search: 'Reads location.search by hand: use useRouteQuery() or parseQuery() from src/routes.ts.',
      searchParams: '{{name}} parses a query string by hand: use useRouteQuery() or parseQuery() from src/routes.ts.',
    },
    schema: [],
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (!node.computed && node.property.type === 'Identifier' && node.property.name === 'search' && isLocation(node.object)) {
          context.report({ node, messageId: 'search' });
        }
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'ObjectPattern' || !isLocation(node.init)) return;
        const search = node.id.properties.find(
          (property) => property.type === 'Property' && !property.computed && property.key.type === 'Identifier' && property.key.name === 'search',
        );
        if (search) context.report({ node: search, messageId: 'search' });
      },
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'URLSearchParams') {
          context.report({ node, messageId: 'searchParams', data: { name: 'URLSearchParams' } });
        }
      },
      ImportSpecifier(node) {
        const name = node.imported.type === 'Identifier' ? node.imported.name : node.imported.value;
        if (name === 'useSearchParams') context.report({ node, messageId: 'searchParams', data: { name } });
      },
    };
  },
};

/** Whether an import or export statement brings only types (erased, so it loads no module). */
function typesOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type');
}

const lazyScreensOnly = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'The route table imports screens only with import(): every feature imports the table, so a static import would pull screens into the first load and back into the features.',
    },
    messages: { eager: "src/routes.ts imports '{{source}}' eagerly: name the screen with () => import('{{source}}')." },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !/^\.\/(features|app)\//.test(source) || typesOnly(node)) return;
      context.report({ node, messageId: 'eager', data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The plugin; eslint.config.js names it `routes`. */
export const routeRules = {
  meta: { name: 'pitchside-route-rules' },
  rules: {
    'no-hand-built-path': noHandBuiltPath,
    'no-raw-query': noRawQuery,
    'lazy-screens-only': lazyScreensOnly,
  },
};
