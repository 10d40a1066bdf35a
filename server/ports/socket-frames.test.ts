import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { areaFrameRecords } from '../app.ts';
import { checkAreaFrames, defineAreaFrames } from './socket-frames.ts';

interface FrameSchema {
  'x-area'?: string;
  properties?: { type?: { const?: string; enum?: string[] } };
}

const document = load(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, FrameSchema & { oneOf?: Array<{ $ref: string }> }> };
};
const schemas = document.components.schemas;

/** Each client frame of a socket by its `type`, with the area its contract tag names (none: the socket's own). */
function framesOf(union: 'ImClientMessage' | 'SocketClientMessage'): Array<{ type: string; area: string | null }> {
  return (schemas[union]!.oneOf ?? []).map(({ $ref }) => {
    const schema = schemas[$ref.split('/').pop()!]!;
    const type = schema.properties?.type?.const ?? schema.properties?.type?.enum?.[0];
    if (!type) throw new Error(`${$ref} has no type`);
    return { type, area: schema['x-area'] ?? null };
  });
}

const sockets = [
  { socket: 'im' as const, frames: framesOf('ImClientMessage') },
  { socket: 'site' as const, frames: framesOf('SocketClientMessage') },
];
const answered = areaFrameRecords.flatMap((record) =>
  (['im', 'site'] as const).flatMap((socket) => record[socket].map((type) => ({ socket, type, area: record.area as string }))),
);

describe('area frame records', () => {
  it.each(answered)('the $socket frame $type is answered in $area, the area its contract tag names', ({ socket, type, area }) => {
    const frame = sockets.find((entry) => entry.socket === socket)!.frames.find((entry) => entry.type === type);
    expect(frame, `${type} is not a client frame of ${socket} in openapi.yaml`).toBeDefined();
    expect(frame!.area).toBe(area);
  });

  it.each(sockets)('answers every frame of $socket the contract gives an area, and no other', ({ socket, frames }) => {
    const tagged = frames.filter((frame) => frame.area !== null).map((frame) => frame.type).sort();
    expect(tagged.length).toBeGreaterThan(0);
    expect(answered.filter((entry) => entry.socket === socket).map((entry) => entry.type).sort()).toEqual(tagged);
  });

  it('answers each frame once', () => {
    expect(() => checkAreaFrames(areaFrameRecords)).not.toThrow();
  });

  it('refuses a composition that answers a frame twice', () => {
    const read = () => ({ im: { read: async () => undefined }, site: {} });
    const records = [defineAreaFrames('chat', { im: ['read'] }, read), defineAreaFrames('live', { im: ['read'] }, read)];
    expect(() => checkAreaFrames(records)).toThrow('the im frame read is answered twice: in chat and in live');
  });

  it('has each record in its area folder', () => {
    for (const record of areaFrameRecords) {
      const source = readFileSync(new URL(`../areas/${record.area}/${record.area}-frames.ts`, import.meta.url), 'utf8');
      expect(source).toMatch(new RegExp(`defineAreaFrames\\(\\s*'${record.area}'`));
    }
  });
});
