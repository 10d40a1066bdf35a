import { crc32, deflateSync } from 'node:zlib';

// Pictures made byte by byte for the upload suites, so each says exactly what its header declares.

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `width` × `height` grey pixels declared in its header. `rows` rows of pixel data are written (all of them
 * by default): a huge declared size with a few rows is a decompression bomb's header, cheap to send.
 */
export function greyPng(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const scanline = Buffer.alloc(width + 1, 0x80);
  scanline[0] = 0;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: rows }, () => scanline)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A real `width` × `height` PNG followed by zeros up to `totalBytes` (a decoder stops at IEND). */
export function paddedPng(width: number, height: number, totalBytes: number): Uint8Array {
  const picture = greyPng(width, height);
  const bytes = new Uint8Array(Math.max(totalBytes, picture.length));
  bytes.set(picture);
  return bytes;
}
