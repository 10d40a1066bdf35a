import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractFile, frameSchemasFile, frameSchemasSource, socketFrameSchemasFile, socketFrameSchemasSource } from './gen-frame-schemas.ts';

describe('the frame schemas of the browser', () => {
  it('are fresh: src/realtime/frame-schemas.ts is what npm run gen writes from openapi.yaml', () => {
    expect(readFileSync(frameSchemasFile, 'utf8')).toBe(frameSchemasSource(readFileSync(contractFile, 'utf8')));
    expect(readFileSync(socketFrameSchemasFile, 'utf8')).toBe(socketFrameSchemasSource(readFileSync(contractFile, 'utf8')));
  });

  it('refuse a keyword the guard does not check, rather than pass frames it would not look at', () => {
    const contract = `components:\n  schemas:\n    SocketServerMessage:\n      allOf: [{ type: object }]\n    ImServerMessage:\n      type: object\n`;
    expect(() => frameSchemasSource(contract)).toThrow(/allOf/);
  });
});
