import type { components } from '../api/schema.d.ts';
import { matchesSchema, parseFrameText } from './frame-schema.ts';
import { frameSchemas } from './frame-schemas.ts';

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

/** Whether `value` is a frame of the named union, as openapi.yaml defines it. */
export function isFrame<Name extends keyof ReceivedFrames>(name: Name, value: unknown): value is ReceivedFrames[Name] {
  return matchesSchema(frameSchemas, frameSchemas[name], value);
}

/** The frame of the named union that `text` holds, or null for text that is not JSON or not such a frame. */
export function readFrame<Name extends keyof ReceivedFrames>(name: Name, text: unknown): ReceivedFrames[Name] | null {
  const value = parseFrameText(text);
  return value !== undefined && isFrame(name, value) ? value : null;
}
