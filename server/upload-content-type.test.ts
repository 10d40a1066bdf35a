import { describe, expect, it } from 'vitest';
import { imageSize, sniffMediaType } from './upload-content-type.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

describe('sniffMediaType', () => {
  it.each([
    ['image/png', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['video/mp4', bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0], 'isom')],
    ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm')],
  ])('knows %s by its first bytes', (type, head) => {
    expect(sniffMediaType(head)).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<!doctype html><title>x</title>')],
    ['QuickTime', bytes([0, 0, 0, 0x14], 'ftypqt  ')],
    ['Matroska that is not WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska')],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffMediaType(head)).toBeNull();
  });
});

describe('imageSize', () => {
  it('reads a PNG header and a GIF screen descriptor', () => {
    expect(imageSize(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', [0, 0, 1, 0, 0, 0, 0, 200]), 'image/png')).toEqual({
      width: 256,
      height: 200,
    });
    expect(imageSize(bytes('GIF89a', [0x40, 0x01, 0xf0, 0x00]), 'image/gif')).toEqual({ width: 320, height: 240 });
    expect(imageSize(bytes([0xff, 0xd8, 0xff]), 'image/jpeg')).toBeNull();
  });
});
