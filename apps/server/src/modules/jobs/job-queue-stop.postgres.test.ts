import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import type { Pool } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  applicationJobsOn,
  postgresServerUrl,
  recordingLog,
  waitUntil,
} from '../../../test-support/jobs/job-test-helpers.ts';
import { defineJob } from './define-job.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

// pg-boss 10's graceful stop waits only for the jobs a worker holds: a fetch already sent when
// stop() is called still hands its worker a job after stop() resolved, and the statement completing
// it is not awaited. The application closes its pool right after the queue stops, so that job ran on
// a closed database ("Cannot use a pool after calling end on the pool", an unhandled rejection seen
// in repo-updates.test.ts). Here a table lock holds the worker's fetch while the queue stops.

let database: TestDatabase | undefined;
let queue: JobQueue | undefined;

afterEach(async () => {
  await queue?.stop();
  await database?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping the job queue', () => {
  it('resolves only after a job its worker was already fetching has run and been marked completed', async () => {
    database = await createTestDatabase({ serverUrl: postgresServerUrl() });
    const pool = (database.db as unknown as { $client: Pool }).$client;
    const ran: string[] = [];
    const record = defineJob({
      name: 'test-record',
      payload: z.object({ note: z.string() }),
      retryLimit: 0,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 10,
      handler: async ({ note }) => {
        await pause(200);
        ran.push(note);
      },
    });
    queue = createJobQueue({
      db: database.db,
      log: recordingLog(),
      definitions: [record],
      pollingIntervalSeconds: 0.5,
    });
    await queue.start({ work: true });

    // The job is queued inside a transaction that locks pg-boss's job table: the worker's next fetch
    // waits on the lock, then finds the job once the transaction commits.
    const locker = await pool.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table pgboss.job in access exclusive mode');
      await locker.query(
        `insert into pgboss.job (name, data, retry_limit, expire_in) values ('test-record', '{"note":"late"}', 0, interval '10 seconds')`,
      );
      await waitUntil('the worker waiting on the lock', async () => {
        const waiting = await pool.query(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%pgboss.job%'`,
        );
        return waiting.rows[0].n > 0;
      });

      const stopped = queue.stop().then(() => [...ran]);
      await pause(100);
      await locker.query('commit');
      expect(await stopped).toEqual(['late']);
    } finally {
      locker.release();
    }
    const state = await pool.query(`select state from pgboss.job where name = 'test-record'`);
    expect(state.rows).toEqual([{ state: 'completed' }]);
  });

  it('lets a start in progress finish first (a SIGINT while the queues are being created)', async () => {
    database = await createTestDatabase({ serverUrl: postgresServerUrl() });
    const db = database.db;
    queue = createJobQueue({ db, log: recordingLog(), definitions: applicationJobsOn(db).all });
    const starting = queue.start({ work: true });
    await queue.stop();
    await database.close();
    database = undefined;
    await expect(starting).resolves.toBeUndefined();
  });
});
