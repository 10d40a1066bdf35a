// Contract fuzzing: requests generated from openapi.yaml's input schemas with fast-check, mixed with what an
// attacker sends (U+0000, lone surrogates, JSON nested past the limit, numbers past every bound, broken
// multipart), against every implemented call as each role. Every answer must be the envelope, never HTTP 500,
// a success must fit the call's answer schema, and a refusal must write nothing.
import { sql } from 'kysely';
import fc from 'fast-check';
import { areaHandlers } from '../../server/app.ts';
import type { ContractOperation } from '../../server/contract/contract.ts';
import { loadContract } from '../../server/contract/contract.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { resolverFor, sampleObject } from './sample-input.ts';

type Schema = Record<string, unknown>;

export interface FuzzFigures {
  requests: number;
  /** Answers of HTTP 500 and up. */
  serverErrors: number;
  /** Answers that are not the envelope { code, msg, data }. */
  outsideEnvelope: number;
  /** Successes whose data does not fit the call's answer schema. */
  offSchema: number;
  /** Refusals after which the database had changed. */
  writesOnRefusal: number;
  refusals: number;
  successes: number;
  operations: number;
  /** The first few failures, to replay. */
  examples: string[];
}

const contract = loadContract();
const resolve = resolverFor(contract.document);

/** The implemented calls the fuzzer drives. */
export const fuzzedOperations: ContractOperation[] = contract.operations.filter((operation) => operation.operationId in areaHandlers);

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a\u0000b', '\u0000', 'x\uD800', '\uDC00y', '\uD83D') },
  { weight: 1, arbitrary: fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', '%00', '\u202E', 'ｘ'.repeat(5000)) },
);
const hugeNumber = fc.constantFrom(2 ** 31, 2 ** 53, 1e308, -1e308, -1, 0, 1.5, Number.MAX_SAFE_INTEGER + 2, 1e20);

/** A value for a schema: usually a fitting one, sometimes a hostile one of the same kind, sometimes of another. */
function valueFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return fc.oneof(fc.constant(resolved.const), hostileText);
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(resolved.enum as unknown[])) }, { weight: 1, arbitrary: hostileText });
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof resolved.minimum === 'number' ? resolved.minimum : -1000;
      const max = typeof resolved.maximum === 'number' ? Math.min(resolved.maximum, min + 100_000) : min + 1000;
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) }, { weight: 1, arbitrary: hugeNumber }, { weight: 1, arbitrary: hostileText });
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileText);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valueFor((resolved.items ?? {}) as Schema, depth + 1), { maxLength: 4 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFor(resolved, depth + 1);
    default: {
      const maxLength = typeof resolved.maxLength === 'number' ? Math.min(resolved.maxLength, 80) : 40;
      return fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: Math.min(Number(resolved.minLength ?? 0), maxLength), maxLength }) }, { weight: 2, arbitrary: hostileText }, { weight: 1, arbitrary: hugeNumber });
    }
  }
}

function objectFor(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = (resolve(schema).properties ?? {}) as Record<string, Schema>;
  const required = (resolve(schema).required as string[] | undefined) ?? [];
  const entries = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property, depth)]));
  return fc.record(entries, { requiredKeys: required.filter((name) => name in entries) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** JSON text nested deeper than the server takes. */
const deepJson = fc.integer({ min: 33, max: 5000 }).map((levels) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

const brokenMultipart = fc.constantFrom<[string, string]>(
  ['multipart/form-data', '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG'],
  ['multipart/form-data; boundary=X', '--X\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc'],
  ['multipart/form-data; boundary=X', '--X\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n--X--\r\n'],
  ['multipart/form-data; boundary=X', '--X\r\nbroken header\r\n\r\n--X--\r\n'],
  ['multipart/form-data; boundary=' + 'B'.repeat(200), '--' + 'B'.repeat(200) + '--\r\n'],
  ['application/json', '{"title":"x"}'],
);

export type FuzzRole = 'guest' | 'viewer' | 'anchor' | 'expert' | 'admin';

export interface FuzzCase {
  operation: ContractOperation;
  role: FuzzRole;
  /** The URL query, or the body as sent. */
  query?: Record<string, string>;
  body?: string;
  contentType?: string;
}

/** One request: an operation, a role, and a generated (often hostile) input. */
export function fuzzCase(operations: readonly ContractOperation[]): fc.Arbitrary<FuzzCase> {
  return fc
    .record({ operation: fc.constantFrom(...operations), role: fc.constantFrom<FuzzRole>('guest', 'viewer', 'anchor', 'expert', 'admin'), kind: fc.nat(9) })
    .chain(({ operation, role, kind }): fc.Arbitrary<FuzzCase> => {
      if (operation.bodyKind === 'multipart') {
        return brokenMultipart.map(([contentType, body]) => ({ operation, role, contentType, body }));
      }
      const schema = operation.inputSchema ?? { type: 'object' };
      // Mostly a valid input with one field generated (often hostile), so the value reaches the service; else all generated.
      const properties = Object.keys((resolve(schema).properties ?? {}) as Record<string, Schema>);
      const oneField =
        properties.length === 0
          ? fc.constant(sampleObject(schema, resolve))
          : fc
              .constantFrom(...properties)
              .chain((field) =>
                valueFor(((resolve(schema).properties as Record<string, Schema>)[field] ?? {}) as Schema).map((value) => ({ ...sampleObject(schema, resolve), [field]: value })),
              );
      const input = fc.oneof({ weight: 3, arbitrary: oneField }, { weight: 1, arbitrary: objectFor(schema) });
      if (operation.method === 'get') {
        return input.map((values) => ({
          operation,
          role,
          query: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)])),
        }));
      }
      if (kind === 0) return deepJson.map((body) => ({ operation, role, body, contentType: 'application/json' }));
      if (kind === 1) return fc.constantFrom('{"a":', '[1,2', '\u0000', 'null', '"text"', '{"__proto__":{"x":1}}').map((body) => ({ operation, role, body, contentType: 'application/json' }));
      return input.map((values) => ({ operation, role, body: JSON.stringify(values), contentType: 'application/json' }));
    });
}

/**
 * The transaction id the next write would take: it moves only when something writes, so a refusal that left it
 * where it was wrote nothing. When it moved, a digest of every table (less the rows that bookkeeping touches on
 * any call) decides.
 */
async function nextTransactionId(database: DatabaseHandle): Promise<string> {
  const result = await sql<{ xmax: string }>`select txid_snapshot_xmax(txid_current_snapshot())::text as xmax`.execute(database.db);
  return result.rows[0]!.xmax;
}

/** Tables written on the way to any answer (a session's last-seen time, the limits' counters), not by the call. */
const bookkeeping = new Set(['sessions', 'rate_limit_hits', 'login_failures', 'idempotency_keys', 'altcha_spent', 'payment_notices']);

export async function databaseDigest(database: DatabaseHandle): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
  const parts = await Promise.all(
    tables.rows
      .filter(({ table_name }) => !bookkeeping.has(table_name))
      .map(async ({ table_name }) => {
        const result = await sql<{ digest: string | null }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table_name)} t`.execute(database.db);
        return `${table_name}:${result.rows[0]?.digest}`;
      }),
  );
  return parts.join(',');
}

export interface FuzzTarget {
  baseUrl: string;
  database: DatabaseHandle;
  tokens: Record<Exclude<FuzzRole, 'guest'>, string>;
}

async function send(target: FuzzTarget, request: FuzzCase, index: number): Promise<{ status: number; text: string }> {
  const url = new URL(request.operation.path, target.baseUrl);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = {
    lang: 'en',
    'idempotency-key': `fuzz-${String(index).padStart(8, '0')}`,
    // Each request from its own address, so the per-address limits measure nothing here.
    'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
  };
  if (request.role !== 'guest') headers.token = target.tokens[request.role];
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await fetch(url, { method: request.operation.method.toUpperCase(), headers, ...(request.body !== undefined && request.operation.method !== 'get' ? { body: request.body } : {}) });
  return { status: response.status, text: await response.text() };
}

/** Sends `runs` generated requests one at a time and counts what fell short. */
export async function fuzzContract(target: FuzzTarget, options: { runs: number; seed: number; only?: string | undefined }): Promise<FuzzFigures> {
  const figures: FuzzFigures = { requests: 0, serverErrors: 0, outsideEnvelope: 0, offSchema: 0, writesOnRefusal: 0, refusals: 0, successes: 0, operations: fuzzedOperations.length, examples: [] };
  const operations = options.only ? fuzzedOperations.filter((operation) => operation.path.includes(options.only!)) : fuzzedOperations;
  const cases = fc.sample(fuzzCase(operations), { numRuns: options.runs, seed: options.seed });
  const note = (what: string, request: FuzzCase, answer: string) => {
    if (figures.examples.length < 10) {
      figures.examples.push(`${what}: ${request.role} ${request.operation.method.toUpperCase()} ${request.operation.path} ${JSON.stringify(request.query ?? request.body ?? '').slice(0, 160)} → ${answer.slice(0, 160)}`);
    }
  };
  // The digest is made again only when something wrote since it was made (most requests write nothing).
  let known = { xid: '', digest: '' };
  const digestNow = async () => {
    const xid = await nextTransactionId(target.database);
    if (xid !== known.xid) known = { xid, digest: await databaseDigest(target.database) };
    return known;
  };
  for (const [index, request] of cases.entries()) {
    const before = await digestNow();
    const answer = await send(target, request, index);
    figures.requests++;
    if (answer.status >= 500) {
      figures.serverErrors++;
      note('HTTP 500', request, answer.text);
    }
    let envelope: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      envelope = JSON.parse(answer.text) as typeof envelope;
    } catch {
      envelope = {};
    }
    if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string' || !('data' in envelope)) {
      figures.outsideEnvelope++;
      note('outside the envelope', request, answer.text);
      continue;
    }
    if (envelope.code === 0) {
      figures.successes++;
      const validate = contract.answerValidatorFor(request.operation);
      if (!validate(envelope)) {
        figures.offSchema++;
        note(`off the schema (${JSON.stringify(validate.errors?.[0])})`, request, answer.text);
      }
      continue;
    }
    figures.refusals++;
    if ((await digestNow()).digest !== before.digest) {
      figures.writesOnRefusal++;
      note('write on a refusal', request, answer.text);
    }
  }
  return figures;
}
