import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { load } from 'js-yaml';
import { installCacheDir, writeFileWhole } from '../install-cache.ts';

export const contractPath = new URL('../../openapi.yaml', import.meta.url);

export type HttpMethod = 'get' | 'post';

interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema: Record<string, unknown>;
}

/** One operation of the contract, with its input validators compiled once. */
export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  path: string;
  area: string;
  summary: string;
  requiresLogin: boolean;
  /** A role beyond a logged-in user (`x-role`): anchor, manager, expert, admin. */
  role: string | undefined;
  needsIdempotencyKey: boolean;
  /** At most `max` calls an address in `perSeconds` (`x-rate-limit`), for calls a stranger could abuse. */
  rateLimit: { max: number; perSeconds: number } | undefined;
  bodyKind: 'none' | 'json' | 'multipart';
  /** The JSON schema of the input: query parameters as an object for GET, the body for POST. */
  inputSchema: Record<string, unknown> | undefined;
  /** The input's validator, compiled on first use so start-up does not pay for every call. */
  inputValidator(): ValidateFunction | undefined;
  /**
   * For a multipart body: the validator of its text fields (every property but the files), which arrive as
   * text and are coerced to their declared types. The handler that reads the form runs it.
   */
  fieldsValidator(): ValidateFunction | undefined;
}

export interface Contract {
  /** openapi.yaml as written. */
  text: string;
  document: Record<string, unknown>;
  operations: ContractOperation[];
  byId: Map<string, ContractOperation>;
  /** Validates a value against `#/components/schemas/<name>`. */
  validatorFor(schemaName: string): ValidateFunction;
  /** Validates a whole answer (the envelope) against the operation's 200 response. */
  answerValidatorFor(operation: ContractOperation): ValidateFunction;
  /**
   * Readies the validators' compilers, one per turn of the event loop, so the first call or frame that needs
   * one does not wait for it. Each is otherwise made on first use: start-up does not pay for them.
   */
  warm(): Promise<void>;
}

type OperationObject = {
  operationId: string;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  'x-role'?: string;
  'x-rate-limit'?: { max: number; per_seconds: number };
};

const documentId = 'openapi.json';

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

function newAjv(document: Record<string, unknown>, coerceTypes: boolean): Ajv2020 {
  // Unknown body fields are dropped before a handler sees them ('all'), so nothing unasked-for is written.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes,
    useDefaults: true,
    removeAdditional: 'all',
    multipleOfPrecision: 6,
  });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: 'x-max-bytes' });
  // Adding the document walks all of it (a quarter of a second each): done when the first validator is made.
  ajv.addSchema({ ...document, $id: documentId });
  return ajv;
}

function memoize<T>(make: () => T): () => T;
function memoize<T>(make: (() => T) | undefined): () => T | undefined;
function memoize<T>(make: (() => T) | undefined): () => T | undefined {
  let made: T | undefined;
  return () => (made ??= make?.());
}

/**
 * openapi.yaml parsed. js-yaml takes about 0.3 s on it at start-up (the `yaml` package a second), JSON.parse a
 * hundredth of that, so the parsed document is kept as JSON in the install's cache, after the hash of the text it
 * was parsed from: a text that differs is parsed again and replaces it.
 */
function parseContract(text: string): Record<string, unknown> {
  const hash = createHash('sha256').update(text).digest('hex');
  const cached = join(installCacheDir, 'openapi.parsed.json');
  try {
    const kept = readFileSync(cached, 'utf8');
    const lineEnd = kept.indexOf('\n');
    if (kept.slice(0, lineEnd) === hash) return JSON.parse(kept.slice(lineEnd + 1)) as Record<string, unknown>;
  } catch {
    // not parsed yet by this install
  }
  const document = load(text) as Record<string, unknown>;
  const json = JSON.stringify(document);
  // YAML has values JSON has not (dates); a document with one is parsed from the YAML each time.
  if (!isDeepStrictEqual(document, JSON.parse(json))) return document;
  try {
    writeFileWhole(cached, `${hash}\n${json}`);
  } catch {
    // a read-only install parses the YAML on each start
  }
  return document;
}

export function loadContract(path: URL | string = contractPath): Contract {
  const text = readFileSync(path, 'utf8');
  const document = parseContract(text);
  // Query strings arrive as text, so they are coerced to the declared types; JSON bodies are not.
  const queryAjv = memoize(() => newAjv(document, true));
  const bodyAjv = memoize(() => newAjv(document, false));
  // Amounts in tenths (multipleOf 0.1) are binary fractions: 6.6 / 0.1 is 65.99999999999999, so the
  // answers' validator needs the same tolerance as the input validators.
  const plainAjv = memoize(() => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 6 });
    addFormats.default(ajv);
    ajv.addSchema({ ...document, $id: documentId });
    return ajv;
  });

  const components = (document.components ?? {}) as { parameters?: Record<string, ParameterObject> };
  const resolveParameter = (parameter: ParameterObject | { $ref: string }): ParameterObject => {
    if ('$ref' in parameter) {
      const name = parameter.$ref.split('/').pop() ?? '';
      const resolved = components.parameters?.[name];
      if (!resolved) throw new Error(`unknown parameter ${parameter.$ref}`);
      return resolved;
    }
    return parameter;
  };

  const operations: ContractOperation[] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, OperationObject>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of ['get', 'post'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const security = operation.security ?? (document.security as Record<string, string[]>[] | undefined) ?? [];
      const requiresLogin = security.length > 0 && security.every((requirement) => 'token' in requirement);
      const parameters = (operation.parameters ?? []).map(resolveParameter);
      let inputSchema: Record<string, unknown> | undefined;
      let compileInput: (() => ValidateFunction) | undefined;
      let compileFields: (() => ValidateFunction) | undefined;
      let bodyKind: ContractOperation['bodyKind'] = 'none';
      if (method === 'get') {
        // Each query parameter validates against its own schema in the document, so refs resolve there.
        const query = (operation.parameters ?? []).flatMap((raw, index) => {
          const parameter = resolveParameter(raw);
          if (parameter.in !== 'query') return [];
          const schemaPointer =
            '$ref' in raw ? `${raw.$ref.slice(1)}/schema` : `/${pointer('paths', path, method, 'parameters', String(index), 'schema')}`;
          return [{ parameter, schemaRef: `${documentId}#${schemaPointer}` }];
        });
        if (query.length > 0) {
          inputSchema = {
            type: 'object',
            properties: Object.fromEntries(query.map(({ parameter, schemaRef }) => [parameter.name, { $ref: schemaRef }])),
            required: query.filter(({ parameter }) => parameter.required).map(({ parameter }) => parameter.name),
          };
          const querySchema = inputSchema;
          compileInput = () => queryAjv().compile(querySchema);
        }
      } else if (operation.requestBody) {
        const [contentType] = Object.keys(operation.requestBody.content);
        bodyKind = contentType === 'multipart/form-data' ? 'multipart' : 'json';
        inputSchema = operation.requestBody.content[contentType ?? '']?.schema;
        const bodyRef = `${documentId}#/${pointer('paths', path, method, 'requestBody', 'content', contentType ?? '', 'schema')}`;
        compileInput = () => bodyAjv().compile({ $ref: bodyRef });
        if (bodyKind === 'multipart') {
          const properties = (inputSchema?.properties ?? {}) as Record<string, { format?: string }>;
          const fields = Object.keys(properties).filter((name) => properties[name]?.format !== 'binary');
          const required = ((inputSchema?.required ?? []) as string[]).filter((name) => fields.includes(name));
          const fieldsSchema = {
            type: 'object',
            properties: Object.fromEntries(fields.map((name) => [name, { $ref: `${bodyRef}/properties/${pointer(name)}` }])),
            required,
          };
          compileFields = () => queryAjv().compile(fieldsSchema);
        }
      }
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        area: operation.tags?.[0] ?? 'account',
        summary: operation.summary ?? '',
        requiresLogin,
        role: operation['x-role'],
        needsIdempotencyKey: parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
        rateLimit: operation['x-rate-limit']
          ? { max: operation['x-rate-limit'].max, perSeconds: operation['x-rate-limit'].per_seconds }
          : undefined,
        bodyKind,
        inputSchema,
        inputValidator: memoize(compileInput),
        fieldsValidator: memoize(compileFields),
      });
    }
  }

  const validators = new Map<string, ValidateFunction>();
  return {
    text,
    document,
    operations,
    byId: new Map(operations.map((operation) => [operation.operationId, operation])),
    validatorFor(schemaName) {
      let validate = validators.get(schemaName);
      if (!validate) {
        validate = plainAjv().compile({ $ref: `${documentId}#/components/schemas/${schemaName}` });
        validators.set(schemaName, validate);
      }
      return validate;
    },
    answerValidatorFor(operation) {
      const key = `answer:${operation.operationId}`;
      let validate = validators.get(key);
      if (!validate) {
        const answerPointer = pointer('paths', operation.path, operation.method, 'responses', '200', 'content', 'application/json', 'schema');
        validate = plainAjv().compile({ $ref: `${documentId}#/${answerPointer}` });
        validators.set(key, validate);
      }
      return validate;
    },
    async warm() {
      for (const make of [plainAjv, queryAjv, bodyAjv]) {
        await new Promise((resolve) => setImmediate(resolve));
        make();
      }
    },
  };
}

/** The catalogue texts of an input refusal (server/i18n), with the field and ajv's reason as parameters. */
export const inputErrorMessages = {
  required: 'Input error: {field} is required',
  invalidField: 'Input error: {field} {reason}',
  invalid: 'Input error: {reason}',
  plain: 'Input error',
} as const;

/** What an input refusal says, naming the field (SPEC §8 'Input error'). */
export function inputErrorOf(errors: ErrorObject[] | null | undefined): { text: string; params: Record<string, string> } {
  const error = errors?.[0];
  if (!error) return { text: inputErrorMessages.plain, params: {} };
  const field =
    error.keyword === 'required'
      ? [error.instancePath.slice(1), (error.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.')
      : error.instancePath.slice(1).replaceAll('/', '.');
  if (error.keyword === 'required') return { text: inputErrorMessages.required, params: { field } };
  const reason = error.message ?? 'is invalid';
  return field ? { text: inputErrorMessages.invalidField, params: { field, reason } } : { text: inputErrorMessages.invalid, params: { reason } };
}

/** The input refusal in English: for the sockets, whose frames carry no language. */
export function describeInputError(errors: ErrorObject[] | null | undefined): string {
  const { text, params } = inputErrorOf(errors);
  return text.replace(/\{(\w+)\}/g, (_whole, name: string) => params[name] ?? '');
}
