import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { StoredFile, UploadStorage } from '../../ports/upload-storage.ts';
import { assertStoredName, contentTypeOfName } from './upload-storage.ts';

// Uploads in an S3 bucket (AWS S3, or anything that speaks its API: MinIO, Ceph, R2), so every server process on
// every machine reads what any of them stored. The bucket stays private: the site serves each file at its own
// /media/uploads/ path, reading it from the bucket every time, so a file deleted on one machine is gone on all.
// This machine's folder holds the files its tools read (ffprobe, ffmpeg), those it made or fetched: a name is
// never reused for other bytes, so a copy there is never wrong, and the folder may be emptied at any time.

export interface S3StorageConfig {
  bucket: string;
  /** The bucket's region; S3-compatible servers take any. */
  region: string;
  /** An S3-compatible server's address (MinIO, a test's server); AWS's own when absent. */
  endpoint?: string;
  /** Keys are this plus the stored name. */
  prefix: string;
  /** This machine's cache and work folder. */
  directory: string;
  /** Credentials other than the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

type S3Module = typeof S3Sdk;

/** An error the SDK throws for a key the bucket does not hold (NoSuchKey on GET, NotFound on HEAD). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
}

/** `bytes 0-9/1234` → 1234. */
function sizeOfContentRange(contentRange: string | undefined): number | null {
  const size = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
  return size === undefined ? null : Number(size);
}

export function s3UploadStorage(config: S3StorageConfig): UploadStorage {
  const { bucket, directory } = config;
  const keyOf = (name: string) => `${config.prefix}${name}`;
  // The SDK is loaded by the first call, not by every start of a site that keeps its files on disk.
  let loaded: Promise<{ sdk: S3Module; client: S3Sdk.S3Client }> | null = null;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        // An S3-compatible server at an address of its own takes bucket names in the path, and may not know the
        // checksums the SDK adds to every request by default (a streamed body then goes in aws-chunked framing).
        ...(config.endpoint
          ? { endpoint: config.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
          : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
      }),
    })));

  const cached = async (name: string) => {
    const path = join(directory, name);
    return (await stat(path).catch(() => null))?.isFile() ? path : null;
  };

  async function upload(name: string, body: Buffer | Readable, length: number, contentType: string): Promise<void> {
    const { sdk, client } = await s3();
    await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: keyOf(name), Body: body, ContentLength: length, ContentType: contentType }));
  }

  return {
    directory,
    describe: `the S3 bucket ${bucket}${config.endpoint ? ` at ${config.endpoint}` : ''} (cache: ${directory})`,
    async keep(path, name, contentType) {
      assertStoredName(name);
      const { size } = await stat(path);
      await upload(name, createReadStream(path), size, contentType);
      // Kept here too: the tools that run next on this machine (ffprobe, a poster frame) read it without a download.
      await rename(path, join(directory, name));
    },
    async put(name, bytes, contentType) {
      assertStoredName(name);
      await upload(name, bytes, bytes.length, contentType);
    },
    async size(name) {
      assertStoredName(name);
      const { sdk, client } = await s3();
      try {
        return Number((await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }))).ContentLength ?? 0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async get(name, range): Promise<StoredFile | null> {
      assertStoredName(name);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(name), ...(range ? { Range: `bytes=${String(range.start)}-${String(range.end)}` } : {}) }),
        );
        const length = Number(answer.ContentLength ?? 0);
        const size = range ? (sizeOfContentRange(answer.ContentRange) ?? length) : length;
        const body = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
        return { body, size, length, contentType: contentTypeOfName(name) };
      } catch (error) {
        if (isMissing(error)) return null;
        // A range past the end: the file is there, the range holds nothing of it.
        if (error instanceof Error && error.name === 'InvalidRange') {
          const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
          return { body: Readable.from([]), size: Number(head.ContentLength ?? 0), length: 0, contentType: contentTypeOfName(name) };
        }
        throw error;
      }
    },
    async localPath(name) {
      assertStoredName(name);
      const local = await cached(name);
      if (local) return local;
      const { sdk, client } = await s3();
      let answer;
      try {
        answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (!(answer.Body instanceof Readable)) return null;
      await mkdir(directory, { recursive: true });
      // Fetched under a name of its own, then renamed: a reader never sees half a file.
      const part = join(directory, `${name}.${randomBytes(4).toString('hex')}.fetch`);
      try {
        await pipeline(answer.Body, createWriteStream(part, { flags: 'wx' }));
        await rename(part, join(directory, name));
      } catch (error) {
        await unlink(part).catch(() => undefined);
        throw error;
      }
      return join(directory, name);
    },
    async delete(name) {
      assertStoredName(name);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      await unlink(join(directory, name)).catch(() => undefined);
    },
  };
}
