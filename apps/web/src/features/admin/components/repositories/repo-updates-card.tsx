import { REPO_UPDATE_STATUSES, type RepoUpdateStatus } from '@ember/contracts/enums';
import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';
import { useId, useMemo, useState } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import {
  actionsColumn,
  dateTimeColumn,
  RowButton,
  type RowButtonSpec,
} from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import { Select } from '../../../../components/ui/select/select.tsx';
import {
  isUnfinishedUpdate,
  type RepoUpdatesParams,
  useAllRepoUpdates,
  useQueueRepoUpdateOf,
} from '../../api/admin-repositories-updates.ts';
import { REPO_UPDATE_STATUS_LABEL, RepoUpdateStatusBadge, withoutScheme } from './repo-update-status.tsx';
import styles from './repositories.module.css';

function columnsOf(
  queue: (update: RepoUpdateResponse) => void,
  queueing: number | null,
): DataTableColumn<RepoUpdateResponse>[] {
  const queueButton: RowButtonSpec<RepoUpdateResponse> = {
    text: 'Queue update',
    loading: (update) => queueing === update.id,
    loadingText: 'Queueing...',
    onClick: queue,
    label: (update) => `Queue an update of ${update.repoUrl}`,
  };
  return [
    {
      id: 'repo',
      header: 'Repository',
      rowHeader: true,
      cell: (update) => (
        <span className={styles.url} title={update.repoUrl}>
          {withoutScheme(update.repoUrl)}
        </span>
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      cell: (update) => update.reason || <span className={styles.sub}>—</span>,
    },
    dateTimeColumn({ id: 'time', header: 'Requested', value: (update) => update.createdAt }),
    { id: 'status', header: 'Status', cell: (update) => <RepoUpdateStatusBadge status={update.status} /> },
    {
      id: 'error',
      header: 'Error',
      cell: (update) =>
        update.error ? (
          <span className={styles.error}>{update.error}</span>
        ) : (
          <span className={styles.sub}>None</span>
        ),
    },
    actionsColumn('actions', 'Actions', (update) =>
      isUnfinishedUpdate(update) ? (
        <span className={styles.sub}>In the queue</span>
      ) : (
        <RowButton row={update} spec={queueButton} />
      ),
    ),
  ];
}

/** Repository updates of every developer (spec §3 Repo update), newest first, by status. */
export function RepoUpdatesCard() {
  const statusId = useId();
  const [params, setParams] = usePageParams<RepoUpdatesParams>({});
  const updates = useAllRepoUpdates(params);
  const queue = useQueueRepoUpdateOf();
  const [queueingId, setQueueingId] = useState<number | null>(null);
  const columns = useMemo(
    () =>
      columnsOf((update) => {
        setQueueingId(update.id);
        queue.mutate(update.repositoryId, { onSettled: () => setQueueingId(null) });
      }, queueingId),
    [queue.mutate, queueingId],
  );
  const running = updates.data?.content.some(isUnfinishedUpdate) ?? false;

  return (
    <Card title="Repo updates">
      <div className={styles.toolbar}>
        <div className={styles.filter}>
          <label htmlFor={statusId}>Status</label>
          <Select
            id={statusId}
            value={params.status ?? ''}
            onChange={(event) => {
              const status = (event.currentTarget.value || undefined) as RepoUpdateStatus | undefined;
              setParams((current) => ({ ...current, status, page: 0 }));
            }}
          >
            <option value="">Every status</option>
            {REPO_UPDATE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REPO_UPDATE_STATUS_LABEL[status].label}
              </option>
            ))}
          </Select>
        </div>
        <p className={styles.hint} aria-live="polite">
          {running ? 'Updates are queued or running: this list refreshes until they finish.' : null}
        </p>
      </div>
      <QueryTable
        query={updates}
        what="the repo updates"
        params={params}
        setParams={setParams}
        label="Repo updates"
        columns={columns}
        getRowKey={(update) => update.id}
        empty={params.status ? 'No updates with this status.' : 'No repository updates yet.'}
      />
    </Card>
  );
}
