import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ByteRange, StoredFile, UploadStorage } from '../../ports/upload-storage.ts';
import { mediaTypeOfExtension, type StoredMediaType } from '../../upload-content-type.ts';

/** The random names the upload service gives files; nothing else in the folder is ever served. */
const storedNamePattern = /^[0-9a-f]{32}\.(png|jpg|gif|webp|mp4|webm|pdf|zip)$/;

/** The media type of a stored upload's file name, or null when the name is not one the service gives. */
export function storedUploadType(name: string): StoredMediaType | null {
  const extension = storedNamePattern.exec(name)?.[1];
  return extension ? mediaTypeOfExtension(extension) : null;
}

/** A stored name never leaves the folder: no separator, no dot folder. */
export function assertStoredName(name: string): void {
  if (!/^[0-9A-Za-z_-][0-9A-Za-z._-]*$/.test(name)) throw new Error(`not a stored file name: ${JSON.stringify(name)}`);
}

/** Reads a file of this machine, whole or a range of it; null when it is not there. */
export async function readLocalFile(path: string, contentType: string, range?: ByteRange): Promise<StoredFile | null> {
  let size: number;
  try {
    const found = await stat(path);
    if (!found.isFile()) return null;
    size = found.size;
  } catch {
    return null;
  }
  const start = range ? Math.min(range.start, size) : 0;
  const end = range ? Math.min(range.end, size - 1) : size - 1;
  const length = Math.max(0, end - start + 1);
  const body = length === 0 ? Readable.from([]) : createReadStream(path, { start, end });
  return { body, size, length, contentType };
}

/** The media type a stored name says, for what the folder holds. */
export const contentTypeOfName = (name: string) => storedUploadType(name) ?? 'application/octet-stream';

/** The files in a folder of this machine: the one disk of a single server, or a volume every process shares. */
export function directoryUploadStorage(directory: string): UploadStorage {
  return {
    directory,
    describe: `the folder ${directory}`,
    async keep(path, name) {
      assertStoredName(name);
      await rename(path, join(directory, name));
    },
    async put(name, bytes) {
      assertStoredName(name);
      await mkdir(directory, { recursive: true });
      await writeFile(join(directory, name), bytes, { flag: 'wx' });
    },
    async size(name) {
      assertStoredName(name);
      const found = await stat(join(directory, name)).catch(() => null);
      return found?.isFile() ? found.size : null;
    },
    get: (name, range) => {
      assertStoredName(name);
      return readLocalFile(join(directory, name), contentTypeOfName(name), range);
    },
    async localPath(name) {
      assertStoredName(name);
      const path = join(directory, name);
      return (await stat(path).catch(() => null))?.isFile() ? path : null;
    },
    async delete(name) {
      assertStoredName(name);
      await unlink(join(directory, name)).catch((error: unknown) => {
        if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
      });
    },
  };
}

/**
 * The default: `uploads` in the data directory, read from DATA_DIR the way server/main.ts reads it,
 * so one setting places the database and the files together.
 */
export function localUploadStorage(dataDir = process.env.DATA_DIR ?? 'data'): UploadStorage {
  return directoryUploadStorage(resolve(dataDir, 'uploads'));
}
