import {
  GetObjectCommand,
  NotFound as HeadNotFound,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobStore } from './blob-store.ts';
import { assertSha256, sha256Hex } from './local-blob-store.ts';

export interface S3BlobStoreConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

const keyOf = (sha256: string) => {
  assertSha256(sha256);
  return `blobs/${sha256}`;
};

const isMissing = (error: unknown) =>
  error instanceof HeadNotFound ||
  error instanceof NoSuchKey ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Blobs in an S3-compatible object store under `blobs/<sha256>`, for deployments where several
 * machines serve downloads. Writes are skipped when the object exists (same key, same bytes);
 * reads are verified against the key; downloads are presigned GETs straight from the store.
 */
export function createS3BlobStore(config: S3BlobStoreConfig): BlobStore & { close(): void } {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle ?? false,
    ...(config.accessKeyId &&
      config.secretAccessKey && {
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      }),
  });
  const Bucket = config.bucket;

  async function has(sha256: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(sha256) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    has,

    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      if (!(await has(sha256))) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: keyOf(sha256),
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: 'application/java-archive',
          }),
        );
      }
      return { sha256, size: bytes.byteLength };
    },

    async get(sha256) {
      let body: Uint8Array;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(sha256) }));
        if (!answer.Body) return null;
        body = await answer.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (sha256Hex(body) !== sha256) throw new Error(`Blob ${sha256} is corrupt`);
      return body;
    },

    presignedUrl(sha256, expiresInSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: keyOf(sha256) }), {
        expiresIn: expiresInSeconds,
      });
    },

    close: () => client.destroy(),
  };
}
