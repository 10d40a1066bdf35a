// What the browser checks a received frame against (STYLE.md, Data: both ends validate what they receive): a
// schema of openapi.yaml reduced to its shape keywords by scripts/gen-frame-schemas.ts. Length and range limits
// are the server's to enforce on what it accepts.

/** A schema of openapi.yaml reduced to what the frame guards check; `$ref` names another of its set. */
export interface FrameSchema<Name extends string = string> {
  type?: string | readonly string[];
  const?: unknown;
  enum?: readonly unknown[];
  required?: readonly string[];
  properties?: Readonly<Record<string, FrameSchema<Name>>>;
  items?: FrameSchema<Name>;
  oneOf?: readonly FrameSchema<Name>[];
  $ref?: Name;
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/** Whether `value` has the shape of `schema`, whose references are names of `schemas`. */
export function matchesSchema<Name extends string>(schemas: Readonly<Record<Name, FrameSchema<Name>>>, schema: FrameSchema<Name>, value: unknown): boolean {
  if (schema.$ref && !matchesSchema(schemas, schemas[schema.$ref], value)) return false;
  if (schema.type !== undefined) {
    const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((type) => hasType(type, value))) return false;
  }
  if ('const' in schema && value !== schema.const) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.oneOf && schema.oneOf.filter((branch) => matchesSchema(schemas, branch, value)).length !== 1) return false;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const fields = new Map(Object.entries(value));
    if (schema.required?.some((name) => !fields.has(name))) return false;
    for (const [name, inner] of Object.entries(schema.properties ?? {}) as [string, FrameSchema<Name>][]) {
      if (fields.has(name) && !matchesSchema(schemas, inner, fields.get(name))) return false;
    }
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    if (!value.every((item) => matchesSchema(schemas, items, item))) return false;
  }
  return true;
}

/** The JSON value `text` holds, or undefined when it is not JSON. */
export function parseFrameText(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
