import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageConfig } from './s3-upload-storage.ts';

/** The keys s3rver takes by default. */
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** What s3rver's package gives; it ships no types of its own. */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

export interface S3TestServer {
  /** The bucket, its address and keys; a test adds the prefix and the cache folder. */
  config: Omit<S3StorageConfig, 'prefix' | 'directory'> & { endpoint: string };
  close(): Promise<void>;
}

/** An S3-compatible server in this process, on a free loopback port, with one empty bucket, its files in a folder of its own. */
export async function startS3Server(bucket = 'pitchside-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'pitchside-s3rver-'));
  // Named through a variable: the package ships no types, so TypeScript is not asked to resolve it.
  const specifier = 's3rver';
  const S3rver = ((await import(specifier)) as { default: S3rverClass }).default;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    config: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${String(port)}`, credentials: s3rverCredentials },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
