import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadStorage } from '../../ports/upload-storage.ts';
import { s3UploadStorage } from './s3-upload-storage.ts';
import { uploadStorageFor, StorageConfigError } from './upload-storage-for.ts';
import { startS3Server, type S3TestServer } from './s3-test-server.ts';

// The S3 adapter against an S3-compatible server run here (s3rver): two machines, each with a cache folder of its
// own, share one bucket, as two servers of the scaled-out site do.

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const storedName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

describe('the S3 upload storage', () => {
  let s3: S3TestServer;
  let folders: string[];
  let here: UploadStorage;
  let there: UploadStorage;

  beforeAll(async () => {
    s3 = await startS3Server();
    folders = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'pitchside-s3-cache-'))));
    [here, there] = folders.map((directory) => s3UploadStorage({ ...s3.config, prefix: 'uploads/', directory })) as [UploadStorage, UploadStorage];
  }, 60_000);
  afterAll(async () => {
    await s3?.close();
    await Promise.all((folders ?? []).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('keeps a file made on one machine for the other to read whole, by range and as a local file', async () => {
    const name = storedName('pdf');
    const made = join(here.directory, `${randomBytes(4).toString('hex')}.part`);
    const bytes = '%PDF-1.4 a line-up for Saturday\n%%EOF\n';
    await writeFile(made, bytes);
    await here.keep(made, name, 'application/pdf');
    // Kept here too, for this machine's tools; the part file is the storage's now.
    expect(await readdir(here.directory)).toEqual([name]);

    expect(await there.size(name)).toBe(bytes.length);
    const whole = await there.get(name);
    expect(whole).toMatchObject({ size: bytes.length, length: bytes.length, contentType: 'application/pdf' });
    expect(await text(whole!.body)).toBe(bytes);
    const range = await there.get(name, { start: 9, end: 14 });
    expect(range).toMatchObject({ size: bytes.length, length: 6 });
    expect(await text(range!.body)).toBe('a line');
    // A range running past the end ends with the file.
    const tail = await there.get(name, { start: bytes.length - 5, end: bytes.length + 100 });
    expect(tail).toMatchObject({ size: bytes.length, length: 5 });
    expect(await text(tail!.body)).toBe(bytes.slice(-5));

    const fetched = await there.localPath(name);
    expect(fetched).toBe(join(there.directory, name));
    expect(await readFile(fetched!, 'utf8')).toBe(bytes);
    // No half-fetched file is left beside it.
    expect(await readdir(there.directory)).toEqual([name]);
  });

  it('puts bytes, and a file deleted on one machine is gone for the other, its copy there or not', async () => {
    const name = storedName('png');
    await here.put(name, Buffer.from('not really a png'), 'image/png');
    expect(await there.localPath(name)).toBe(join(there.directory, name));
    expect(await text((await here.get(name))!.body)).toBe('not really a png');
    await here.delete(name);
    expect(await there.get(name)).toBeNull();
    expect(await there.size(name)).toBeNull();
    // Deleting what is not there is no error.
    await there.delete(name);
    expect(await there.localPath(storedName('jpg'))).toBeNull();
  });

  it('takes only stored names, never a path out of the bucket or the folder', async () => {
    for (const name of ['../secret.png', 'a/b.png', '', '.hidden']) {
      await expect(here.get(name)).rejects.toThrow('not a stored file name');
    }
  });

  it('is chosen by STORAGE=s3, and refuses to start without a bucket or with a storage it does not know', () => {
    const chosen = uploadStorageFor({ STORAGE: 's3', S3_BUCKET: 'pitchside', S3_ENDPOINT: 'http://127.0.0.1:9', DATA_DIR: '/tmp/pitchside-data' });
    expect(chosen.describe).toBe('the S3 bucket pitchside at http://127.0.0.1:9 (cache: /tmp/pitchside-data/uploads)');
    expect(uploadStorageFor({ DATA_DIR: '/tmp/pitchside-data' }).describe).toBe('the folder /tmp/pitchside-data/uploads');
    expect(() => uploadStorageFor({ STORAGE: 's3' })).toThrow(StorageConfigError);
    expect(() => uploadStorageFor({ STORAGE: 'ftp' })).toThrow('STORAGE is local or s3');
  });
});
