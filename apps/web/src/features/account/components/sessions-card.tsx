import type { SessionSummary } from '@ember/contracts/sessions';
import { useState } from 'react';
import { RefreshIcon } from '../../../components/icons/icons.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import pill from '../../../components/ui/pill/pill.module.css';
import { formatCount } from '../../../lib/format/money.ts';
import { sessionLimitLabel } from '../../../lib/format/session-limits.ts';
import { useSessionsOfUser } from '../api/get-sessions-of-user.ts';
import { useResetSessions } from '../api/reset-sessions.ts';
import styles from './sessions-card.module.css';

const columns: DataTableColumn<SessionSummary>[] = [
  { id: 'plugin', header: 'Plugin name', cell: (row) => row.pluginName, rowHeader: true },
  { id: 'active', header: 'Active', cell: (row) => formatCount(row.active), align: 'end' },
  {
    id: 'max',
    header: 'Max',
    align: 'end',
    cell: (row) => (
      <span className={row.max === 0 ? pill.unlimited : pill.limit}>{sessionLimitLabel(row.max)}</span>
    ),
  },
];

/**
 * Spec §2 Session information: running client sessions per plugin, and Reset sessions. Rows keep the
 * server's order (spec §4: the client, then the product's own plans, then the rest).
 */
export function SessionsCard({ userId }: { userId: number }) {
  const sessions = useSessionsOfUser(userId);
  const reset = useResetSessions();
  const [asking, setAsking] = useState(false);

  function confirmReset() {
    if (reset.isPending) return;
    reset.mutate(undefined, { onSettled: () => setAsking(false) });
  }

  return (
    <Card
      title="Session information"
      action={{
        text: 'Reset sessions',
        onClick: () => setAsking(true),
        variant: 'secondary',
        icon: <RefreshIcon size={16} />,
        loading: reset.isPending,
      }}
    >
      <p className={styles.hint}>Client sessions running on your account right now, per plugin.</p>
      <QueryTable
        query={sessions}
        what="your sessions"
        label="Sessions"
        columns={columns}
        getRowKey={(row) => row.pluginId}
        busyWhileFetching
        empty="No client sessions are running."
        stackOnMobile={false}
      />
      <ConfirmDialog
        open={asking}
        title="Reset sessions"
        message="End every client session on your account? Running clients will have to log in again."
        confirmLabel="Reset sessions"
        destructive
        confirming={reset.isPending}
        onConfirm={confirmReset}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
