// Writes src/realtime/frame-schemas.ts from openapi.yaml (part of `npm run gen`): the schemas of every frame the
// browser receives on a socket (SocketServerMessage on /ws, ImServerMessage on /im) and those they reference,
// reduced to the keywords that say what shape a frame has. The browser checks frames against them with
// src/realtime/frame-guard.ts; ajv would cost the initial JavaScript about 35 KiB gzip, these about 2.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

export const frameUnions = ['SocketServerMessage', 'ImServerMessage', 'RoomGiftNotice', 'ColouredBarrage'] as const;

/** The keywords kept: types, required fields, constants and enums, and how schemas nest. Limits stay server-side. */
const shapeKeywords = new Set(['type', 'const', 'enum', 'required', 'properties', 'items', 'oneOf', '$ref']);
const refPrefix = '#/components/schemas/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toJson(value: unknown): Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(toJson);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toJson(inner)]));
  throw new Error(`not JSON: ${String(value)}`);
}

/** The schemas `unions` reach, reduced; throws on a keyword the guard does not check. */
function reducedSchemas(openapiText: string, unions: readonly string[]): Record<string, Json> {
  const document = load(openapiText);
  const components = isObject(document) && isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const kept: Record<string, Json> = {};

  const reduce = (schema: unknown, where: string): Json => {
    if (!isObject(schema)) throw new Error(`${where} is not a schema`);
    const out: Record<string, Json> = {};
    for (const [keyword, value] of Object.entries(schema)) {
      if (!shapeKeywords.has(keyword)) continue;
      if (keyword === '$ref') {
        if (typeof value !== 'string' || !value.startsWith(refPrefix)) throw new Error(`${where}: ref ${String(value)}`);
        const name = value.slice(refPrefix.length);
        visit(name);
        out.$ref = name;
      } else if (keyword === 'properties' && isObject(value)) {
        out.properties = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, reduce(inner, `${where}.${name}`)]));
      } else if (keyword === 'items') {
        out.items = reduce(value, `${where}[]`);
      } else if (keyword === 'oneOf' && Array.isArray(value)) {
        out.oneOf = value.map((inner, index) => reduce(inner, `${where}.oneOf[${String(index)}]`));
      } else {
        out[keyword] = toJson(value);
      }
    }
    for (const keyword of ['allOf', 'anyOf', 'not', 'additionalProperties', 'patternProperties', 'if']) {
      if (keyword in schema) throw new Error(`${where} uses ${keyword}, which frame-guard.ts does not check`);
    }
    return out;
  };
  const visit = (name: string): void => {
    if (name in kept) return;
    kept[name] = null;
    kept[name] = reduce(schemas[name], name);
  };
  for (const union of unions) visit(union);
  return kept;
}

function entries(kept: Record<string, Json>): { names: string[]; body: string } {
  const names = Object.keys(kept).sort();
  return { names, body: names.map((name) => `  ${name}: ${JSON.stringify(kept[name])},`).join('\n') };
}

/**
 * The site socket's frames alone, for the first load: the site socket runs on every page, and the rest (messaging,
 * room chat notices) comes with the code that reads it.
 */
export function socketFrameSchemasSource(openapiText: string): string {
  const { names, body } = entries(reducedSchemas(openapiText, ['SocketServerMessage']));
  return `// Generated from openapi.yaml by scripts/gen-frame-schemas.ts (npm run gen). Do not edit.

import type { FrameSchema } from './frame-schema.ts';

export type SocketFrameSchemaName =
${names.map((name) => `  | '${name}'`).join('\n')};

export const socketFrameSchemas: Readonly<Record<SocketFrameSchemaName, FrameSchema<SocketFrameSchemaName>>> = {
${body}
};
`;
}

export function frameSchemasSource(openapiText: string): string {
  const { names, body } = entries(reducedSchemas(openapiText, frameUnions));
  return `// Generated from openapi.yaml by scripts/gen-frame-schemas.ts (npm run gen). Do not edit.

import type { FrameSchema } from './frame-schema.ts';

export type FrameSchemaName =
${names.map((name) => `  | '${name}'`).join('\n')};

export const frameSchemas: Readonly<Record<FrameSchemaName, FrameSchema<FrameSchemaName>>> = {
${body}
};
`;
}

export const contractFile = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
export const frameSchemasFile = fileURLToPath(new URL('../src/realtime/frame-schemas.ts', import.meta.url));
export const socketFrameSchemasFile = fileURLToPath(new URL('../src/realtime/socket-frame-schemas.ts', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const contract = readFileSync(contractFile, 'utf8');
  writeFileSync(frameSchemasFile, frameSchemasSource(contract));
  writeFileSync(socketFrameSchemasFile, socketFrameSchemasSource(contract));
  console.log(`frame schemas → ${frameSchemasFile}, ${socketFrameSchemasFile}`);
}
