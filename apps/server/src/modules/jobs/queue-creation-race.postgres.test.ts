import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applicationJobsOn,
  postgresServerUrl,
  recordingLog,
} from '../../../test-support/jobs/job-test-helpers.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

// A cluster's processes start side by side on a new database and create the same queues at once;
// pg-boss's queue creation deadlocked with itself there and the losing process exited while starting
// (seen in the cluster test). Four queues start together on a fresh database: without the retry
// every run of this test failed.

let database: TestDatabase | undefined;
let queues: JobQueue[] = [];

afterEach(async () => {
  await Promise.all(queues.map((queue) => queue.stop()));
  queues = [];
  await database?.close();
});

describe('job queues starting side by side on a new database', () => {
  it('all start', async () => {
    database = await createTestDatabase({ serverUrl: postgresServerUrl() });
    const db = database.db;
    const definitions = applicationJobsOn(db).all;
    queues = Array.from({ length: 4 }, () => createJobQueue({ db, log: recordingLog(), definitions }));
    const started = await Promise.allSettled(queues.map((queue) => queue.start({ work: false })));
    expect(started.map((outcome) => outcome.status)).toEqual(Array(4).fill('fulfilled'));
  });
});
