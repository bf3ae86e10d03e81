import { createDbClient } from '@ember/db/client';
import { parseEnv } from '../../src/config/env.ts';
import { createLocalBlobStore } from '../../src/integrations/blob-store/local-blob-store.ts';
import { createCacheRegistry } from '../../src/lib/cache/cache-registry.ts';
import { createDeliveryServices } from '../../src/modules/delivery/delivery-services.ts';
import { createTufServices } from '../../src/modules/tuf/index.ts';
import { runWorkerProcess } from '../jobs/worker-process.ts';

/**
 * A worker process for the repository-update tests: runs the repo-update job against
 * WORKER_DATABASE_URL with the test git server allowed (loopback, plain http), blobs in
 * WORKER_BLOB_DIR, a 5-second attempt timeout and a 1-second retry delay; prints `ready`.
 */
const databaseUrl = process.env.WORKER_DATABASE_URL;
const blobDir = process.env.WORKER_BLOB_DIR;
if (!databaseUrl || !blobDir) throw new Error('WORKER_DATABASE_URL and WORKER_BLOB_DIR are required');

const env = parseEnv({
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  REPOSITORY_HOSTS: '127.0.0.1',
  REPOSITORY_HTTP_HOSTS: '127.0.0.1',
  REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS: 'true',
  REPO_UPDATE_TIMEOUT_SECONDS: '5',
});
const database = createDbClient({ databaseUrl, maxConnections: 4 });
const delivery = createDeliveryServices({
  db: database.db,
  clock: () => new Date(),
  env,
  blobs: createLocalBlobStore(blobDir),
  enqueue: () => Promise.reject(new Error('this worker only runs updates')),
  retryDelaySeconds: 1,
  // No API process in these tests keeps catalog answers: a registry of this process alone.
  caches: createCacheRegistry(),
  tuf: (await createTufServices({ env, db: database.db, clock: () => new Date() })).repository,
});
await runWorkerProcess(database, delivery.jobs.all);
