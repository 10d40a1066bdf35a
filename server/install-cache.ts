import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where this install keeps what it makes once rather than on every start (the empty cluster, the parsed contract). */
export const installCacheDir = fileURLToPath(new URL('../node_modules/.cache/pitchside/', import.meta.url));

/**
 * Writes a file whole: aside, then renamed over the old one, so a start at the same moment never reads half
 * a file, and a node_modules copied as hard links is never written through to the copy it came from.
 */
export function writeFileWhole(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const aside = `${path}.${process.pid}.part`;
  writeFileSync(aside, data);
  renameSync(aside, path);
}
