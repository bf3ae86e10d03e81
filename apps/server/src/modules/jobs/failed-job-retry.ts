import {
  JOB_ARCHIVED_MESSAGE,
  JOB_NOT_FAILED_MESSAGE,
  JOB_NOT_FOUND_MESSAGE,
  JOB_RETRIED_MESSAGE,
  type RetryFailedJobResponse,
} from '@ember/contracts/jobs';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from './db.ts';
import type { JobQueue } from './job-queue.ts';
import { transactionExecutor } from './sql-executor.ts';

interface JobRow {
  name: string;
  state: string;
  retry_count: number;
}

/** The failed-jobs console's one write: put a job that used up its retries back in its queue. */
export function createFailedJobRetry({
  db,
  jobs,
  schema = 'pgboss',
}: {
  db: Db;
  jobs: Pick<JobQueue, 'retry'>;
  schema?: string;
}) {
  return {
    /**
     * The job gets one more attempt (pg-boss raises its retry limit by one). 404 for an id no
     * queue knows, 409 when it is no longer failed (retried already, or finished) or was archived.
     * Audited in the same transaction; the job row is locked so two admins cannot both retry it.
     */
    async retry(caller: Caller, id: string): Promise<RetryFailedJobResponse> {
      const role = authorize(caller, 'job:retry');
      await db.transaction(async (tx) => {
        const executor = transactionExecutor(tx);
        const found = await executor.executeSql(
          `select name, state, retry_count from ${schema}.job where id = $1 for update`,
          [id],
        );
        const job = found.rows[0] as JobRow | undefined;
        if (!job) {
          const archived = await executor.executeSql(`select 1 from ${schema}.archive where id = $1`, [id]);
          throw archived.rows.length > 0
            ? new Conflict(JOB_ARCHIVED_MESSAGE)
            : new NotFound(JOB_NOT_FOUND_MESSAGE);
        }
        if (job.state !== 'failed') throw new Conflict(JOB_NOT_FAILED_MESSAGE);
        const { affected } = await jobs.retry(job.name, id, executor);
        if (affected !== 1) throw new Conflict(JOB_NOT_FAILED_MESSAGE);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'job:retry',
          target: { kind: 'JOB', id },
          before: { name: job.name, state: 'failed', retryCount: job.retry_count },
          after: { state: 'retry' },
        });
      });
      return { message: JOB_RETRIED_MESSAGE };
    },
  };
}

export type FailedJobRetry = ReturnType<typeof createFailedJobRetry>;
