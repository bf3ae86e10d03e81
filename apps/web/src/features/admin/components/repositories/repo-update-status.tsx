import type { RepoUpdateStatus } from '@ember/contracts/enums';
import { StatusBadge, type StatusTone } from '../../../../components/ui/status-badge/status-badge.tsx';

/** How a repository update status reads on the admin panel (the same words as the repository page). */
export const REPO_UPDATE_STATUS_LABEL: Record<RepoUpdateStatus, { label: string; tone: StatusTone }> = {
  PENDING: { label: 'Queued', tone: 'pending' },
  RUNNING: { label: 'Running', tone: 'info' },
  DONE: { label: 'Done', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

export function RepoUpdateStatusBadge({ status }: { status: RepoUpdateStatus }) {
  const { label, tone } = REPO_UPDATE_STATUS_LABEL[status];
  return (
    <StatusBadge tone={tone} status={status}>
      {label}
    </StatusBadge>
  );
}

/** A repository address without its https:// (the full one is the cell's title). */
export const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '');
