import { createDbClient } from '@ember/db/client';
import { parseEnv } from '../../../config/env.ts';
import { createLocalBlobStore } from '../../../integrations/blob-store/local-blob-store.ts';
import { createCacheRegistry } from '../../../lib/cache/cache-registry.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { createTufServices } from '../../tuf/index.ts';
import { createDeliveryServices } from '../delivery-services.ts';

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
const queue = createJobQueue({
  db: database.db,
  log: {
    debug: () => {},
    error: (details, message) => console.error(message, JSON.stringify(details)),
  },
  definitions: delivery.jobs.all,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
});
await queue.start({ work: true });
process.stdout.write('ready\n');

process.once('SIGTERM', async () => {
  await queue.stop();
  await database.close();
  process.exit(0);
});
