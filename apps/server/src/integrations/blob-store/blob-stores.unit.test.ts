import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';
import { createLocalBlobStore, sha256Hex } from './local-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

// Both blob stores through the same round trip: bytes in, the same bytes back under their sha256,
// verified. S3 runs against s3rver (an S3-compatible server, in this process, on a random port).

const BUCKET = 'ember-test';
let dir: string;
let s3rver: S3rver;
let s3: ReturnType<typeof createS3BlobStore>;
const stores: Record<string, () => BlobStore> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ember-blobs-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3rver.run()) as AddressInfo;
  s3 = createS3BlobStore({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  stores.local = () => createLocalBlobStore(path.join(dir, 'local'));
  stores.s3 = () => s3;
});

afterAll(async () => {
  s3?.close();
  await s3rver?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('the %s blob store', (kind) => {
  const store = () => (stores[kind] as () => BlobStore)();

  it('stores an artifact under its sha256 and gives the same bytes back, verified', async () => {
    const artifact = new Uint8Array(randomBytes(70_000));
    const stored = await store().put(artifact);
    expect(stored).toEqual({ sha256: sha256Hex(artifact), size: 70_000 });
    expect(await store().has(stored.sha256)).toBe(true);
    const back = await store().get(stored.sha256);
    expect(back && sha256Hex(back)).toBe(stored.sha256);
    expect(Buffer.from(back ?? []).equals(Buffer.from(artifact))).toBe(true);
    // The same bytes again are the same blob.
    expect(await store().put(artifact)).toEqual(stored);
  });

  it('answers null for an unknown sha256 and refuses anything that is not one', async () => {
    const unknown = sha256Hex(new TextEncoder().encode(`never stored ${kind}`));
    expect(await store().has(unknown)).toBe(false);
    expect(await store().get(unknown)).toBeNull();
    await expect(store().get('../../etc/passwd')).rejects.toThrow('Not a SHA-256 address');
  });
});

describe('corruption and downloads', () => {
  it('the local store refuses bytes that no longer match their address', async () => {
    const local = createLocalBlobStore(path.join(dir, 'local'));
    const { sha256 } = await local.put(new TextEncoder().encode('original'));
    await writeFile(path.join(dir, 'local', sha256.slice(0, 2), sha256), 'tampered');
    await expect(local.get(sha256)).rejects.toThrow(`Blob ${sha256} is corrupt`);
  });

  it('S3 hands out a presigned URL that plain fetch downloads the exact bytes from', async () => {
    const artifact = new Uint8Array(randomBytes(4096));
    const { sha256 } = await s3.put(artifact);
    const url = await s3.presignedUrl(sha256, 60);
    expect(url).toContain(`/blobs/${sha256}`);
    expect(url).toContain('X-Amz-Expires=60');
    expect(url).toContain('X-Amz-Signature=');
    const response = await fetch(url as string);
    expect(response.status).toBe(200);
    expect(sha256Hex(new Uint8Array(await response.arrayBuffer()))).toBe(sha256);
  });

  it('the local store signs no URL (the server serves its blobs itself)', async () => {
    expect(await createLocalBlobStore(path.join(dir, 'local')).presignedUrl('a'.repeat(64), 60)).toBeNull();
  });
});
