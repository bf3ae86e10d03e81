import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordingLog } from '../../../test-support/jobs/job-test-helpers.ts';
import type { TestContext } from '../../../test-support/test-app.ts';
import { createLocalBlobStore } from '../../integrations/blob-store/local-blob-store.ts';
import { createCacheRegistry } from '../../lib/cache/cache-registry.ts';
import { createJobQueue, type JobQueue } from '../jobs/job-queue.ts';
import { createTufServices, type TufRepository } from '../tuf/index.ts';
import { createDeliveryServices } from './delivery-services.ts';

/** A jar-like file: a zip local-file header, then random bytes (every call a different jar). */
export const fakeJar = (size = 2048): Uint8Array => {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  return bytes;
};

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** plugins.json text for the given plugins. */
export const pluginsJson = (plugins: object[]) => JSON.stringify({ plugins }, null, 2);

/**
 * What the delivery tests configure: the local git server (http on 127.0.0.1, allowed only through
 * the test switches), two addresses that must stay refused even so, and a private blob folder.
 */
export async function deliveryTestEnv(): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ember-delivery-'));
  return {
    REPOSITORY_HOSTS: 'github.com,gitlab.com,bitbucket.org,127.0.0.1,10.1.2.3,169.254.169.254',
    REPOSITORY_HTTP_HOSTS: '127.0.0.1,10.1.2.3,169.254.169.254',
    REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    BLOB_DIR: path.join(dir, 'blobs'),
  };
}

/** A multipart/form-data body with one file part, encoded as a browser's FormData would be. */
export async function jarUpload(bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), fileName);
  const request = new Request('http://upload.invalid', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/**
 * A worker of the repository-update job beside a test app whose own queue only sends (started with
 * `work: false`): the same job, polling every half second rather than the app's 2 s, on its own
 * cache registry (the test app keeps no catalog answers) and with `tuf` or the app env's repository.
 */
export async function startUpdateWorker(ctx: TestContext, tuf?: TufRepository): Promise<JobQueue> {
  const clock = () => new Date();
  const delivery = createDeliveryServices({
    db: ctx.database.db,
    clock,
    env: ctx.env,
    blobs: createLocalBlobStore(ctx.env.BLOB_DIR as string),
    enqueue: () => Promise.reject(new Error('the worker only runs updates')),
    caches: createCacheRegistry(),
    tuf: tuf ?? (await createTufServices({ env: ctx.env, db: ctx.database.db, clock })).repository,
  });
  const worker = createJobQueue({
    db: ctx.database.db,
    log: recordingLog(),
    definitions: delivery.jobs.all,
    pollingIntervalSeconds: 0.5,
  });
  await worker.start({ work: true });
  return worker;
}
