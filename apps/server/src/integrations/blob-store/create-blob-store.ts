import path from 'node:path';
import type { BlobStore } from './blob-store.ts';
import { createLocalBlobStore } from './local-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

export interface BlobStoreEnv {
  BLOB_STORE: 'local' | 's3';
  BLOB_DIR?: string;
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/** The configured blob store (BLOB_STORE): a local folder (BLOB_DIR, default DATA_DIR/blobs) or S3. */
export function createBlobStore(env: BlobStoreEnv): BlobStore {
  if (env.BLOB_STORE === 's3') {
    if (!env.S3_BUCKET) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
    return createS3BlobStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalBlobStore(env.BLOB_DIR ?? path.join(env.DATA_DIR, 'blobs'));
}
