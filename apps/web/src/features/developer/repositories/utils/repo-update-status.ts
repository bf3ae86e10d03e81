import type { RepoUpdateStatus } from '@ember/contracts/enums';
import type { StatusTone } from '../../../../components/ui/status-badge/status-badge.tsx';

/** How each repository update status reads on the repository page. */
export const REPO_UPDATE_STATUS_DISPLAY: Record<RepoUpdateStatus, { label: string; tone: StatusTone }> = {
  PENDING: { label: 'Queued', tone: 'pending' },
  RUNNING: { label: 'Running', tone: 'info' },
  DONE: { label: 'Done', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
};
