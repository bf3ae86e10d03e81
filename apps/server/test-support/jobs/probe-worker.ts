import { createDbClient } from '@ember/db/client';
import { probeJobs } from './probe-jobs.ts';
import { runWorkerProcess } from './worker-process.ts';

/**
 * A worker process for the job tests: runs the probe jobs against PROBE_DATABASE_URL as
 * PROBE_WORKER, prints `ready` once it takes jobs, and stops cleanly on SIGTERM.
 */
const databaseUrl = process.env.PROBE_DATABASE_URL;
const worker = process.env.PROBE_WORKER ?? `worker-${process.pid}`;
if (!databaseUrl) throw new Error('PROBE_DATABASE_URL is required');

const database = createDbClient({ databaseUrl, maxConnections: 4 });
await runWorkerProcess(database, probeJobs(database.db, worker).all);
