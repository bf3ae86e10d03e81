import type { FailedJob } from '@ember/contracts/jobs';
import { type Page, totalPagesOf } from '@ember/contracts/paging';
import type { SqlExecutor } from './sql-executor.ts';

export type FailedJobsPage = Page<FailedJob>;

interface FailedJobRow {
  id: string;
  name: string;
  data: unknown;
  error: string | null;
  retry_count: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Failed jobs of every queue, newest first. pg-boss has no listing for them, so this reads its
 * tables: a failed job stays in `job` for a week, then in `archive` until it is deleted.
 * A timeout stores its message under `value`, a thrown error at the top level.
 */
export async function listFailedJobs(
  executor: SqlExecutor,
  schema: string,
  { page, size }: { page: number; size: number },
): Promise<FailedJobsPage> {
  const failed = `
    select id, name, data, output, retry_count, created_on, started_on, completed_on from ${schema}.job where state = 'failed'
    union all
    select id, name, data, output, retry_count, created_on, started_on, completed_on from ${schema}.archive where state = 'failed'`;
  const [rows, count] = await Promise.all([
    executor.executeSql(
      `select id, name, data, coalesce(output->>'message', output->'value'->>'message') as error,
              retry_count, created_on, started_on, completed_on
         from (${failed}) failed
        order by completed_on desc, id
        limit $1 offset $2`,
      [size, page * size],
    ),
    executor.executeSql(`select count(*)::int as total from (${failed}) failed`, []),
  ]);
  const total = (count.rows[0] as { total: number }).total;
  return {
    content: (rows.rows as FailedJobRow[]).map((row) => ({
      id: row.id,
      name: row.name,
      payload: row.data,
      error: row.error,
      retryCount: row.retry_count,
      createdOn: iso(row.created_on),
      startedOn: row.started_on ? iso(row.started_on) : null,
      failedOn: iso(row.completed_on),
    })),
    totalPages: totalPagesOf(total, size),
  };
}
