import type { AdminUserResponse } from '@ember/contracts/admin-users';
import type { SessionLogResponse } from '@ember/contracts/session-logs';
import type { SessionSummary } from '@ember/contracts/sessions';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import {
  buttonsColumn,
  dateTimeColumn,
  type RowButtonSpec,
} from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { formatCount } from '../../../../lib/format/money.ts';
import { sessionLimitLabel } from '../../../../lib/format/session-limits.ts';
import spreadRow from '../../../../styles/spread-row.module.css';
import {
  type SessionAction,
  useEndAllSessions,
  useEndSession,
  useRecentSessions,
  useUserSessionSummary,
} from '../../api/admin-users-sessions.ts';
import styles from './users.module.css';

const summaryColumns: DataTableColumn<SessionSummary>[] = [
  { id: 'plugin', header: 'Plugin', rowHeader: true, cell: (row) => row.pluginName },
  { id: 'active', header: 'Active', align: 'end', cell: (row) => formatCount(row.active) },
  { id: 'max', header: 'Max', align: 'end', cell: (row) => sessionLimitLabel(row.max) },
];

const ACTION_WORDS: Record<SessionAction, { label: string; question: string }> = {
  kill: { label: 'Kill', question: 'its next heartbeat is refused and the client stops' },
  delete: { label: 'Delete', question: 'the session is removed and frees its slot' },
  disconnect: { label: 'Disconnect', question: 'the client is disconnected now' },
};

type Pending = { action: SessionAction; session: SessionLogResponse } | { action: 'all' } | null;

/** The user's game-client sessions: per-plugin counts, the recent sessions with kill, delete and disconnect, and delete all. */
export function UserSessions({ user }: { user: AdminUserResponse }) {
  const summary = useUserSessionSummary(user.id);
  const sessions = useRecentSessions(user.discordId);
  const endOne = useEndSession();
  const endAll = useEndAllSessions();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);

  const sessionButton = (action: SessionAction): RowButtonSpec<SessionLogResponse> => ({
    text: ACTION_WORDS[action].label,
    variant: action === 'kill' ? 'danger' : 'secondary',
    onClick: (session) => setPending({ action, session }),
    label: (row) => `${ACTION_WORDS[action].label} session ${row.sessionId}`,
  });

  const sessionColumns: DataTableColumn<SessionLogResponse>[] = [
    {
      id: 'sessionId',
      header: 'Session ID',
      rowHeader: true,
      cell: (row) => <span className={`${styles.mono} ${styles.breakAll}`}>{row.sessionId}</span>,
    },
    { id: 'plugin', header: 'Plugin', cell: (row) => row.pluginName },
    dateTimeColumn({
      id: 'lastUpdate',
      header: 'Last update',
      value: (row) => row.lastUpdate,
      className: styles.nowrap,
    }),
    buttonsColumn('actions', 'Actions', styles.rowActions, {
      kill: sessionButton('kill'),
      delete: sessionButton('delete'),
      disconnect: sessionButton('disconnect'),
    }),
  ];

  let confirm: { title: string; message: string; label: string; run: () => void } | null = null;
  if (pending?.action === 'all') {
    confirm = {
      title: 'Delete all sessions?',
      message: `Every game-client session of ${user.username} ends now.`,
      label: 'Delete all',
      run: () => endAll.mutate(user.id, { onSettled: close }),
    };
  } else if (pending) {
    const words = ACTION_WORDS[pending.action];
    const { session } = pending;
    confirm = {
      title: `${words.label} this session?`,
      message: `${words.label} ${user.username}'s ${session.pluginName} session ${session.sessionId}: ${words.question}.`,
      label: words.label,
      run: () => endOne.mutate({ action: pending.action, id: session.sessionId }, { onSettled: close }),
    };
  }

  return (
    <section aria-labelledby="admin-user-sessions" className={styles.panelSection}>
      <div className={spreadRow.spreadRow}>
        <h3 id="admin-user-sessions" className={styles.sectionTitle}>
          Sessions
        </h3>
        <Button size="sm" variant="danger" onClick={() => setPending({ action: 'all' })}>
          Delete all sessions
        </Button>
      </div>
      <QueryTable
        query={summary}
        what="the session counts"
        label={`Running sessions of ${user.username} per plugin`}
        columns={summaryColumns}
        getRowKey={(row) => row.pluginId}
        empty={<span className={styles.subtle}>No plugin sessions.</span>}
        stackOnMobile={false}
        singlePage
      />
      <h4 className={styles.subTitle}>Recent sessions</h4>
      <QueryTable
        query={sessions}
        what="the recent sessions"
        label={`Recent sessions of ${user.username}`}
        columns={sessionColumns}
        getRowKey={(row) => row.sessionId}
        empty={<span className={styles.subtle}>No recent sessions.</span>}
        defaultPageSize={5}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        confirmLabel={confirm?.label}
        destructive
        confirming={endOne.isPending || endAll.isPending}
        onCancel={close}
        onConfirm={() => confirm?.run()}
      />
    </section>
  );
}
