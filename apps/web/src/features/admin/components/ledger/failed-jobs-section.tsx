import type { FailedJob } from '@ember/contracts/jobs';
import { useMemo } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import { buttonColumn, dateTimeColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import { useFailedJobs, useRetryFailedJob } from '../../api/admin-ledger-failed-jobs.ts';
import styles from './ledger.module.css';

/** A job's payload, pretty-printed JSON rendered as text. */
function payloadText(payload: unknown): string {
  try {
    return JSON.stringify(payload, null, 2) ?? 'None';
  } catch {
    return String(payload);
  }
}

function columnsOf(
  retry: (job: FailedJob) => void,
  retrying: string | undefined,
): DataTableColumn<FailedJob>[] {
  return [
    {
      id: 'name',
      header: 'Job',
      rowHeader: true,
      cell: (job) => (
        <span className={styles.who}>
          <span className={styles.mono}>{job.name}</span>
          <span className={`${styles.mono} ${styles.subtle}`}>{job.id}</span>
        </span>
      ),
    },
    {
      id: 'error',
      header: 'Error',
      cell: (job) =>
        job.error ? (
          <span className={styles.jobError}>{job.error}</span>
        ) : (
          <span className={styles.none}>No message</span>
        ),
    },
    {
      id: 'retries',
      header: 'Retries',
      align: 'end',
      cell: (job) => <span className={styles.number}>{job.retryCount}</span>,
    },
    dateTimeColumn({
      id: 'failedOn',
      header: 'Failed at',
      value: (job) => job.failedOn,
      className: styles.nowrap,
    }),
    {
      id: 'payload',
      header: 'Payload',
      hideLabelWhenStacked: true,
      cell: (job) => (
        <details className={styles.disclosure}>
          <summary>Payload</summary>
          <pre className={styles.payload}>{payloadText(job.payload)}</pre>
        </details>
      ),
    },
    buttonColumn('retry', 'Retry', {
      onClick: retry,
      loading: (job) => retrying === job.id,
      loadingText: 'Retrying...',
      disabled: (job) => retrying !== undefined && retrying !== job.id,
      label: (job) => `Retry ${job.name} job ${job.id}`,
    }),
  ];
}

/**
 * /admin?section=failed-jobs: background jobs that used up their retries, newest first, with their error
 * and payload; Retry puts one back in its queue ('Job queued again') and it leaves the list.
 */
export default function FailedJobsSection() {
  const [paging, setPaging] = usePageParams({});
  const jobs = useFailedJobs(paging);
  const retry = useRetryFailedJob();
  const retrying = retry.isPending ? retry.variables : undefined;
  const columns = useMemo(() => columnsOf((job) => retry.mutate(job.id), retrying), [retry.mutate, retrying]);

  return (
    <Card title="Failed jobs">
      <p className={styles.intro}>
        Background jobs that failed on their last try. Retry one once its cause is fixed; it runs again with
        one more attempt.
      </p>
      <QueryTable
        query={jobs}
        what="the failed jobs"
        params={paging}
        setParams={setPaging}
        label="Failed jobs"
        columns={columns}
        getRowKey={(job) => job.id}
        empty={<span className={styles.none}>No failed jobs: every background job finished.</span>}
      />
    </Card>
  );
}
