import type { components } from '../api/schema.d.ts';
import { frameSchemas, type FrameSchema } from './frame-schemas.ts';

// What the browser receives on a socket is checked against the contract before any machine or screen sees it
// (STYLE.md, Data: both ends validate what they receive). The schemas are generated from openapi.yaml; this
// checks their shape keywords, which is what the generated types promise. Length and range limits are the
// server's to enforce on what it accepts.

type Schemas = components['schemas'];

/** The frame unions the browser receives, by schema name. */
export interface ReceivedFrames {
  SocketServerMessage: Schemas['SocketServerMessage'];
  ImServerMessage: Schemas['ImServerMessage'];
  RoomGiftNotice: Schemas['RoomGiftNotice'];
  ColouredBarrage: Schemas['ColouredBarrage'];
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

function matches(schema: FrameSchema, value: unknown): boolean {
  if (schema.$ref && !matches(frameSchemas[schema.$ref], value)) return false;
  if (schema.type !== undefined) {
    const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((type) => hasType(type, value))) return false;
  }
  if ('const' in schema && value !== schema.const) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.oneOf && schema.oneOf.filter((branch) => matches(branch, value)).length !== 1) return false;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const fields = new Map(Object.entries(value));
    if (schema.required?.some((name) => !fields.has(name))) return false;
    for (const [name, inner] of Object.entries(schema.properties ?? {})) {
      if (fields.has(name) && !matches(inner, fields.get(name))) return false;
    }
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    if (!value.every((item) => matches(items, item))) return false;
  }
  return true;
}

/** Whether `value` is a frame of the named union, as openapi.yaml defines it. */
export function isFrame<Name extends keyof ReceivedFrames>(name: Name, value: unknown): value is ReceivedFrames[Name] {
  return matches(frameSchemas[name], value);
}

/** The frame of the named union that `text` holds, or null for text that is not JSON or not such a frame. */
export function readFrame<Name extends keyof ReceivedFrames>(name: Name, text: unknown): ReceivedFrames[Name] | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return isFrame(name, value) ? value : null;
}
