import { resolve } from 'node:path';
import type { UploadStorage } from '../../ports/upload-storage.ts';
import { s3UploadStorage } from './s3-upload-storage.ts';
import { localUploadStorage } from './upload-storage.ts';

/** What the environment says about an S3 bucket that is not enough to use it. */
export class StorageConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageConfigError';
  }
}

/**
 * The storage the environment asks for: STORAGE=s3 keeps uploads in S3_BUCKET (S3_REGION, S3_ENDPOINT for an
 * S3-compatible server, S3_PREFIX before each name; credentials from the AWS SDK's own chain: AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile or a role), with DATA_DIR/uploads as this machine's cache; otherwise the folder
 * DATA_DIR/uploads. A half-configured bucket refuses to start rather than write files where no other process looks.
 */
export function uploadStorageFor(env: NodeJS.ProcessEnv): UploadStorage {
  const kind = env.STORAGE ?? 'local';
  if (kind === 'local') return localUploadStorage(env.DATA_DIR ?? 'data');
  if (kind !== 's3') throw new StorageConfigError(`STORAGE is local or s3, not ${JSON.stringify(kind)}`);
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new StorageConfigError('STORAGE=s3 needs S3_BUCKET (and S3_REGION; S3_ENDPOINT for an S3-compatible server)');
  return s3UploadStorage({
    bucket,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    prefix: env.S3_PREFIX ?? 'uploads/',
    directory: resolve(env.DATA_DIR ?? 'data', 'uploads'),
  });
}
