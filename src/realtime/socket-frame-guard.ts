import type { components } from '../api/schema.d.ts';
import { matchesSchema, parseFrameText } from './frame-schema.ts';
import { socketFrameSchemas } from './socket-frame-schemas.ts';

// The site socket's frames are checked against their own schemas only, so the first load carries none of the
// messaging's (frame-guard.ts checks those, with the code that receives them).

type SocketServerMessage = components['schemas']['SocketServerMessage'];

/** The SocketServerMessage that `text` holds, or null for text that is not JSON or not such a frame. */
export function readSocketFrame(text: unknown): SocketServerMessage | null {
  const value = parseFrameText(text);
  return value !== undefined && matchesSchema(socketFrameSchemas, socketFrameSchemas.SocketServerMessage, value) ? (value as SocketServerMessage) : null;
}
