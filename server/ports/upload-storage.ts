import type { Readable } from 'node:stream';

/** Site paths of stored uploads start with this; server/media/media-routes.ts serves them. */
export const uploadsPathPrefix = '/media/uploads/';

/** A byte range of a stored file, both ends included (HTTP's `bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file as read: its bytes from the start of the range asked (or the start), its whole size. */
export interface StoredFile {
  body: Readable;
  /** The whole file's size in bytes. */
  size: number;
  /** The bytes `body` holds. */
  length: number;
  contentType: string;
}

/**
 * The storage port (DESIGN.md, Layout: adapters): where uploaded files (pictures, covers, avatars, chat files,
 * videos) are kept and read from, by their stored name (the random name the upload service gives). Every stored
 * file is served by the site at uploadsPathPrefix + name, whichever adapter keeps it (the contract's ImageUrl is a
 * path of the site), so no address of the storage's own is ever given out.
 *
 * Files are made on this machine first, in `directory`: a form streams into a part file there, sharp and ffmpeg
 * read and write files there. `keep` hands a finished file to the storage; `localPath` gives a stored file back as a
 * file on this machine for tools that read files. With the local adapter `directory` is the storage itself (one
 * disk, or a volume every process shares); with the S3 adapter it is a cache of this machine's, and the bucket
 * holds the files every process reads.
 */
export interface UploadStorage {
  /** This machine's folder for files being made, and (local adapter) the stored files themselves. */
  readonly directory: string;
  /** Where the storage is, for the logs: a folder, or an S3 bucket. */
  readonly describe: string;
  /** Keeps the finished file at `path` (in `directory`) as `name`; afterwards `path` is the storage's, not the caller's. */
  keep(path: string, name: string, contentType: string): Promise<void>;
  /** Keeps `bytes` as `name`. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A stored file's size in bytes, or null when there is none by that name. */
  size(name: string): Promise<number | null>;
  /** A stored file, whole or the range asked (clamped to its size); null when there is none by that name. */
  get(name: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The stored file as a file on this machine (fetched into `directory` when not there yet), or null when none. */
  localPath(name: string): Promise<string | null>;
  /** Removes a stored file; nothing when there is none. */
  delete(name: string): Promise<void>;
}
