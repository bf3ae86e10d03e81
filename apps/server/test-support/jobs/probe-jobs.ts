import type { Db } from '@ember/db/types';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../src/modules/jobs/define-job.ts';

/** The table the probe jobs write to: one row per handler run, naming the worker that ran it. */
export const CREATE_PROBE_RUNS = sql`
  create table if not exists probe_runs (
    job_id uuid not null,
    job text not null,
    worker text not null,
    retry_count int not null,
    ran_at timestamptz not null default now()
  )`;

const hangForever = () => new Promise<never>(() => {});

/** Jobs for the worker-process tests; `worker` names the process they run in. */
export function probeJobs(db: Db, worker: string) {
  const recordRun = (jobId: string, job: string, retryCount: number) =>
    db.execute(
      sql`insert into probe_runs (job_id, job, worker, retry_count) values (${jobId}, ${job}, ${worker}, ${retryCount})`,
    );

  /** Records its run after a short pause, long enough for the two workers to overlap. */
  const record = defineJob({
    name: 'probe-record',
    payload: z.object({ n: z.number().int() }),
    retryLimit: 2,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 30,
    handler: async ({ n }, run) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await recordRun(run.id, 'probe-record', run.retryCount);
      return { n, worker };
    },
  });

  /** Its first attempt never ends, as in a worker that froze or was killed; later attempts finish. */
  const hangFirst = defineJob({
    name: 'probe-hang-first',
    payload: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 4,
    handler: async (_payload, run) => {
      await recordRun(run.id, 'probe-hang-first', run.retryCount);
      if (run.retryCount === 0) await hangForever();
      return { worker };
    },
  });

  return { record, hangFirst, all: [record, hangFirst] };
}
