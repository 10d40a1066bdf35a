import { resolve } from 'node:path';
import type { UploadStorage } from '../../ports/upload-storage.ts';
import { mediaTypeOfExtension, type StoredMediaType } from '../../upload-content-type.ts';

/**
 * The default: `uploads` in the data directory, read from DATA_DIR the way server/main.ts reads it,
 * so one setting places the database and the files together.
 */
export function localUploadStorage(dataDir = process.env.DATA_DIR ?? 'data'): UploadStorage {
  return { directory: resolve(dataDir, 'uploads') };
}

/** The random names the upload service gives files; nothing else in the folder is ever served. */
const storedNamePattern = /^[0-9a-f]{32}\.(png|jpg|gif|webp|mp4|webm|pdf|zip)$/;

/** The media type of a stored upload's file name, or null when the name is not one the service gives. */
export function storedUploadType(name: string): StoredMediaType | null {
  const extension = storedNamePattern.exec(name)?.[1];
  return extension ? mediaTypeOfExtension(extension) : null;
}
