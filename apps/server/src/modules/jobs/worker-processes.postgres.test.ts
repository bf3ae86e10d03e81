import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../../../test-support/jobs/child-process.ts';
import { postgresServerUrl, recordingLog, waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { CREATE_PROBE_RUNS, probeJobs } from '../../../test-support/jobs/probe-jobs.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

// Real worker processes on one PostgreSQL database. PostgreSQL only (`*.postgres.test.ts`, the
// `postgres` vitest project): PGlite cannot be shared between processes. The test process itself
// plays the `api` role: it sends jobs and never runs them.

const PROBE_WORKER = fileURLToPath(new URL('../../../test-support/jobs/probe-worker.ts', import.meta.url));

let database: TestDatabase;
let api: JobQueue;
let jobs: ReturnType<typeof probeJobs>;
const children = childProcesses();

beforeAll(async () => {
  const serverUrl = postgresServerUrl();
  database = await createTestDatabase({ serverUrl, seed: false }).catch((error: unknown) => {
    throw new Error(
      `The worker-process tests need PostgreSQL at ${serverUrl} (set DATABASE_URL or start the local server): ${error}`,
    );
  });
  await database.db.execute(CREATE_PROBE_RUNS);
  jobs = probeJobs(database.db, 'api');
  api = createJobQueue({ db: database.db, log: recordingLog(), definitions: jobs.all });
  await api.start({ work: false });
});

afterEach(() => children.killAll());

afterAll(async () => {
  await api?.stop();
  await database?.close();
});

const startWorker = (name: string) =>
  children.start(PROBE_WORKER, { PROBE_DATABASE_URL: database.url ?? '', PROBE_WORKER: name }, 'ready');

interface Run {
  job_id: string;
  worker: string;
  retry_count: number;
}

const runsOf = async (job: string): Promise<Run[]> => {
  const result = await database.db.execute(
    sql`select job_id, worker, retry_count from probe_runs where job = ${job} order by ran_at`,
  );
  return (result as unknown as { rows: Run[] }).rows;
};

const jobState = async (name: string, id: string) => {
  const result = await database.db.execute(
    sql`select state, retry_count from pgboss.job where name = ${name} and id = ${id}`,
  );
  return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows[0];
};

describe('worker processes sharing one job queue', () => {
  it('two worker processes run each of 40 jobs exactly once, and both take part', async () => {
    await Promise.all([startWorker('worker-a'), startWorker('worker-b')]);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => api.send(jobs.record, { n })));
    expect(new Set(ids).size).toBe(40);

    const runs = await waitUntil('all 40 jobs to complete', async () => {
      const states = await Promise.all(ids.map((id) => jobState('probe-record', id as string)));
      return states.every((state) => state?.state === 'completed') && (await runsOf('probe-record'));
    });

    expect(runs).toHaveLength(40);
    expect(new Set(runs.map((run) => run.job_id))).toEqual(new Set(ids));
    expect(runs.every((run) => run.retry_count === 0)).toBe(true);
    expect(new Set(runs.map((run) => run.worker))).toEqual(new Set(['worker-a', 'worker-b']));
  });

  it('retries the job of a killed worker in another worker, where it completes', async () => {
    const doomed = await startWorker('doomed');
    const id = (await api.send(jobs.hangFirst, {})) as string;
    await waitUntil('the doomed worker to start the job', async () =>
      (await runsOf('probe-hang-first')).some((run) => run.job_id === id),
    );
    doomed.kill('SIGKILL');
    await once(doomed, 'exit');
    expect(await jobState('probe-hang-first', id)).toMatchObject({ state: 'active' });

    await startWorker('rescuer');
    const done = await waitUntil('the job to complete on retry', async () => {
      const state = await jobState('probe-hang-first', id);
      return state?.state === 'completed' && state;
    });

    expect(done.retry_count).toBeGreaterThan(0);
    expect(
      (await runsOf('probe-hang-first')).map(({ worker, retry_count }) => ({ worker, retry_count })),
    ).toEqual([
      { worker: 'doomed', retry_count: 0 },
      { worker: 'rescuer', retry_count: done.retry_count },
    ]);
  });
});
