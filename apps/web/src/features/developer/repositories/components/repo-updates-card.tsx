import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';
import { RefreshIcon } from '../../../../components/icons/icons.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { DateTimeCell } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import { StatusBadge } from '../../../../components/ui/status-badge/status-badge.tsx';
import { isUnfinished, useQueueRepoUpdate, useRepoUpdates } from '../api/repo-updates.ts';
import { doneOutcomeText, shortCommit } from '../utils/repo-update-outcome.ts';
import { REPO_UPDATE_STATUS_DISPLAY } from '../utils/repo-update-status.ts';
import styles from './repo-updates-card.module.css';

const when = (iso: string | null) => (iso ? <DateTimeCell iso={iso} /> : '—');

/** What came of an update: the readable error of a failed one (and its commit), what a finished one did. */
function outcomeOf(update: RepoUpdateResponse) {
  if (update.status === 'FAILED') {
    return (
      <>
        <span className={styles.error}>{update.error || 'The update failed without a reason.'}</span>
        {update.commitSha && (
          <span className={styles.failedCommit} title={update.commitSha}>
            at commit {shortCommit(update.commitSha)}
          </span>
        )}
      </>
    );
  }
  if (update.status === 'DONE') {
    const done = doneOutcomeText(update);
    if (done) {
      return (
        <span className={styles.done} title={update.commitSha ?? undefined}>
          {done}
        </span>
      );
    }
    return update.commitSha ? (
      <span className={styles.commit} title={update.commitSha}>
        Commit {update.commitSha.slice(0, 7)}
      </span>
    ) : (
      'Up to date'
    );
  }
  // A queued update that carries an error failed once and waits for its retry.
  if (update.error) return <span className={styles.error}>Will retry: {update.error}</span>;
  return update.status === 'RUNNING' ? 'Fetching the repository…' : 'Waiting for its turn…';
}

const columns: DataTableColumn<RepoUpdateResponse>[] = [
  {
    id: 'status',
    header: 'Status',
    rowHeader: true,
    cell: (update) => {
      const { label, tone } = REPO_UPDATE_STATUS_DISPLAY[update.status];
      return (
        <StatusBadge tone={tone} status={update.status}>
          {label}
        </StatusBadge>
      );
    },
  },
  { id: 'reason', header: 'Reason', cell: (update) => update.reason || '—' },
  { id: 'requested', header: 'Requested', cell: (update) => when(update.createdAt) },
  { id: 'finished', header: 'Finished', cell: (update) => when(update.finishedAt) },
  { id: 'outcome', header: 'Result', cell: outcomeOf },
];

/**
 * Issue 19: each update's status, reason, time and readable error, and Check for updates. The list
 * reads itself again while an update is queued or running.
 */
export function RepoUpdatesCard({ repositoryId }: { repositoryId: number }) {
  const [params, setParams] = usePageParams({});
  const updates = useRepoUpdates(repositoryId, params.page, params.size);
  const queue = useQueueRepoUpdate(repositoryId);
  const running = updates.data?.content.some(isUnfinished) ?? false;

  return (
    <Card
      title="Updates"
      action={{
        text: 'Check for updates',
        onClick: () => queue.mutate(),
        icon: <RefreshIcon size={16} />,
        loading: queue.isPending,
        loadingText: 'Queueing...',
      }}
    >
      <p className={styles.hint} aria-live="polite">
        {running
          ? 'An update is queued or running. This list refreshes until it finishes.'
          : "An update fetches the repository, reads its plugins.json and publishes the plugins' new versions."}
      </p>
      <QueryTable
        query={updates}
        what="the updates"
        params={params}
        setParams={setParams}
        label="Updates"
        columns={columns}
        getRowKey={(update) => update.id}
        empty="No updates yet. Check for updates to fetch the repository's plugins."
      />
    </Card>
  );
}
