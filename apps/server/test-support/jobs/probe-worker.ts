import { createDbClient } from '@ember/db/client';
import { createJobQueue } from '../../src/modules/jobs/job-queue.ts';
import { probeJobs } from './probe-jobs.ts';

/**
 * A worker process for the job tests: runs the probe jobs against PROBE_DATABASE_URL as
 * PROBE_WORKER, prints `ready` once it takes jobs, and stops cleanly on SIGTERM.
 */
const databaseUrl = process.env.PROBE_DATABASE_URL;
const worker = process.env.PROBE_WORKER ?? `worker-${process.pid}`;
if (!databaseUrl) throw new Error('PROBE_DATABASE_URL is required');

const database = createDbClient({ databaseUrl, maxConnections: 4 });
const queue = createJobQueue({
  db: database.db,
  log: {
    debug: () => {},
    error: (details, message) => console.error(message, JSON.stringify(details)),
  },
  definitions: probeJobs(database.db, worker).all,
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
