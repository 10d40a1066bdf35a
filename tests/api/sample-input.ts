// Builds inputs from the contract's own schemas: a valid one, and the three kinds of bad one
// (a required field missing, a field of the wrong type, a string over its maximum length).
type Schema = Record<string, unknown>;

export interface SchemaResolver {
  (schema: Schema): Schema;
}

/** Follows local `$ref`s and merges `allOf`, so a schema can be read as plain properties. */
export function resolverFor(document: Record<string, unknown>): SchemaResolver {
  const resolve: SchemaResolver = (schema) => {
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref.replace(/^openapi\.json/, '');
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as Schema;
      return resolve(target);
    }
    if (Array.isArray(schema.allOf)) {
      return (schema.allOf as Schema[]).map(resolve).reduce<Schema>(
        (merged, part) => ({
          ...merged,
          ...part,
          properties: { ...(merged.properties as Schema), ...(part.properties as Schema) },
          required: [...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
        }),
        {},
      );
    }
    return schema;
  };
  return resolve;
}

export function sampleValue(schema: Schema, resolve: SchemaResolver): unknown {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof resolved.minimum === 'number' ? Math.max(resolved.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Number(resolved.minItems ?? 0) }, () => sampleValue(resolved.items as Schema, resolve));
    case 'object':
      return sampleObject(resolved, resolve);
    default:
      return 'a'.repeat(Math.max(Number(resolved.minLength ?? 1), 1));
  }
}

export function sampleObject(schema: Schema, resolve: SchemaResolver): Record<string, unknown> {
  const resolved = resolve(schema);
  const properties = (resolved.properties ?? {}) as Record<string, Schema>;
  const required = new Set((resolved.required as string[]) ?? []);
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([name]) => required.has(name))
      .map(([name, property]) => [name, sampleValue(property, resolve)]),
  );
}

export interface BadInput {
  kind: 'missing required field' | 'wrong type' | 'over-long string';
  field: string;
  input: Record<string, unknown>;
}

/** The bad inputs an operation's schema allows us to build; not every schema has all three. */
export function badInputs(schema: Schema, resolve: SchemaResolver, queryOnly: boolean): BadInput[] {
  const resolved = resolve(schema);
  const properties = (resolved.properties ?? {}) as Record<string, Schema>;
  const required = (resolved.required as string[]) ?? [];
  const valid = sampleObject(resolved, resolve);
  const bad: BadInput[] = [];
  const firstRequired = required[0];
  if (firstRequired) {
    const { [firstRequired]: _dropped, ...rest } = valid;
    bad.push({ kind: 'missing required field', field: firstRequired, input: rest });
  }
  for (const [name, property] of Object.entries(properties)) {
    const type = resolve(property).type;
    // A query string is text, so only a non-text parameter can be of the wrong type there.
    if (type === 'integer' || type === 'number' || type === 'boolean' || (!queryOnly && type === 'string')) {
      bad.push({ kind: 'wrong type', field: name, input: { ...valid, [name]: type === 'string' ? 12345 : 'not-a-number' } });
      break;
    }
  }
  for (const [name, property] of Object.entries(properties)) {
    const resolvedProperty = resolve(property);
    if (resolvedProperty.type === 'string' && typeof resolvedProperty.maxLength === 'number' && !resolvedProperty.enum) {
      bad.push({ kind: 'over-long string', field: name, input: { ...valid, [name]: 'x'.repeat(resolvedProperty.maxLength + 1) } });
      break;
    }
  }
  return bad;
}
