import type { FastifyInstance } from 'fastify';
import type { Contract } from './contract.ts';

type Schema = Record<string, unknown>;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

/** A schema as a compact readable outline: refs link to the schema's own section. */
function renderSchema(schema: Schema | undefined, depth = 0): string {
  if (!schema) return '<em>none</em>';
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  for (const combiner of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[combiner];
    if (Array.isArray(parts)) {
      return `${combiner === 'allOf' ? '' : `<span class="k">${combiner}</span> `}${parts
        .map((part: Schema) => renderSchema(part, depth))
        .join(combiner === 'allOf' ? ' &amp; ' : ' | ')}`;
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  const facts = ['enum', 'const', 'minimum', 'maximum', 'minLength', 'maxLength', 'maxItems', 'pattern', 'format', 'default']
    .filter((key) => schema[key] !== undefined)
    .map((key) => `${key} ${escapeHtml(JSON.stringify(schema[key]))}`);
  const head = `<span class="t">${escapeHtml(type)}</span>${facts.length ? ` <span class="f">${facts.join(', ')}</span>` : ''}`;
  if (type === 'array' && schema.items) return `${head} of ${renderSchema(schema.items as Schema, depth)}`;
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties || depth > 4) return head;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties)
    .map(
      ([name, property]) =>
        `<li><code>${escapeHtml(name)}</code>${required.has(name) ? '<sup>*</sup>' : ''}: ${renderSchema(property, depth + 1)}${
          typeof property.description === 'string' ? ` <span class="d">${escapeHtml(property.description)}</span>` : ''
        }</li>`,
    )
    .join('');
  return `${head}<ul>${rows}</ul>`;
}

function renderDocs(contract: Contract): string {
  const document = contract.document as {
    info: { title: string; version: string };
    paths: Record<string, Record<string, Schema>>;
    components: { schemas: Record<string, Schema> };
  };
  const byArea = new Map<string, string[]>();
  for (const operation of contract.operations) {
    const item = document.paths[operation.path]?.[operation.method] ?? {};
    const responseSchema = (
      item.responses as Record<string, { content?: Record<string, { schema?: Schema }> }> | undefined
    )?.['200']?.content?.['application/json']?.schema;
    const data = (responseSchema?.allOf as Schema[] | undefined)?.find((part) => part.properties)?.properties as
      | Record<string, Schema>
      | undefined;
    const section = `<section class="op" id="${escapeHtml(operation.operationId)}">
<h3><span class="m ${operation.method}">${operation.method.toUpperCase()}</span> <code>${escapeHtml(operation.path)}</code></h3>
<p>${escapeHtml(operation.summary)}${operation.requiresLogin ? ' <span class="tag">login</span>' : ''}${
      operation.role ? ` <span class="tag">${escapeHtml(operation.role)}</span>` : ''
    }${operation.needsIdempotencyKey ? ' <span class="tag">Idempotency-Key</span>' : ''} <span class="id">${escapeHtml(operation.operationId)}</span></p>
<div class="io"><div><h4>${operation.method === 'get' ? 'Query' : operation.bodyKind === 'multipart' ? 'Multipart body' : 'Body'}</h4>${
      operation.inputSchema ? renderSchema(operation.inputSchema) : '<em>none</em>'
    }</div><div><h4>data</h4>${renderSchema(data?.data)}</div></div></section>`;
    byArea.set(operation.area, [...(byArea.get(operation.area) ?? []), section]);
  }
  const areas = [...byArea.entries()]
    .map(([area, sections]) => `<h2 id="area-${escapeHtml(area)}">${escapeHtml(area)} <small>${sections.length}</small></h2>${sections.join('')}`)
    .join('');
  const schemas = Object.entries(document.components.schemas)
    .map(([name, schema]) => `<section class="op" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${
      typeof schema.description === 'string' ? `<p>${escapeHtml(schema.description)}</p>` : ''
    }${renderSchema(schema)}</section>`)
    .join('');
  const nav = [...byArea.keys()].map((area) => `<a href="#area-${area}">${area}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title><style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;color:#1b2330;background:#f5f7fa}header{background:#101826;color:#fff;padding:16px 24px;position:sticky;top:0}
header a{color:#8fd0ff;margin-right:10px}main{max-width:1100px;margin:0 auto;padding:16px}.op{background:#fff;border:1px solid #dde3ea;border-radius:8px;margin:10px 0;padding:10px 16px}
.m{display:inline-block;min-width:48px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}.get{background:#1f8a4c}.post{background:#1f5fbf}
.tag{background:#fff3d6;border-radius:4px;padding:0 6px;font-size:12px}.id{color:#7a8594;font-size:12px}.io{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.t{color:#8a3ab9}.f{color:#7a8594;font-size:12px}.d{color:#4a5565}ul{margin:2px 0 2px 18px;padding:0}h2 small{color:#7a8594}
@media(max-width:700px){.io{grid-template-columns:1fr}}</style></head><body>
<header><strong>${escapeHtml(document.info.title)}</strong> · ${contract.operations.length} paths · <a href="/api/openapi.yaml">openapi.yaml</a><a href="/api/openapi.json">openapi.json</a><br>${nav} <a href="#schemas">schemas</a></header>
<main>${areas}<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`;
}

/** `/api/docs` shows the contract; `/api/openapi.yaml` and `.json` serve it as it is. */
export async function docsRoutes(app: FastifyInstance, options: { contract: Contract }): Promise<void> {
  // Rendered when first asked for, not while the site starts.
  let html: string | undefined;
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send((html ??= renderDocs(options.contract))));
  app.get('/api/openapi.yaml', async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(options.contract.text));
  app.get('/api/openapi.json', async () => options.contract.document);
}
