const storedMediaTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'application/pdf', 'application/zip'] as const;

/** The media types the site stores. */
export type StoredMediaType = (typeof storedMediaTypes)[number];

/** The extension a stored file of each type gets; the file is served with its type by it. */
export const storedExtensions: Record<StoredMediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
};

export function mediaTypeOfExtension(extension: string): StoredMediaType | null {
  return storedMediaTypes.find((type) => storedExtensions[type] === extension) ?? null;
}

/** How many leading bytes `sniffMediaType` needs to decide. */
export const sniffLength = 64;

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return bytes.every((byte, index) => head[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

/**
 * The media type a file really is, read from its first bytes (file signatures); null for anything
 * else. Only formats a browser shows as an image or plays as a video pass: no SVG, no HTML.
 */
export function sniffMediaType(head: Uint8Array): StoredMediaType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  // ISO media: a box `ftyp` at offset 4. QuickTime's own brand is not mp4 and not played everywhere.
  if (startsWith(head, ascii('ftyp'), 4) && !startsWith(head, ascii('qt  '), 8)) return 'video/mp4';
  // Matroska's EBML header; WebM names itself as the DocType within the first bytes.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && Buffer.from(head.subarray(0, sniffLength)).includes('webm')) return 'video/webm';
  // Chat files: documents and archives, served for download, never shown as a page.
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  return null;
}

/** Width and height of a PNG or GIF from its header; null for other types, whose headers lie deeper. */
export function imageSize(head: Uint8Array, type: StoredMediaType): { width: number; height: number } | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (type === 'image/png' && head.byteLength >= 24 && startsWith(head, ascii('IHDR'), 12)) {
    return positive(view.getUint32(16), view.getUint32(20));
  }
  if (type === 'image/gif' && head.byteLength >= 10) return positive(view.getUint16(6, true), view.getUint16(8, true));
  return null;
}

function positive(width: number, height: number): { width: number; height: number } | null {
  return width > 0 && height > 0 && width <= 2 ** 31 - 1 && height <= 2 ** 31 - 1 ? { width, height } : null;
}
