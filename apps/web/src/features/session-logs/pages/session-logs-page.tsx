import { allows } from '@ember/contracts/policy';
import type { SessionLogResponse } from '@ember/contracts/session-logs';
import { Link } from 'react-router';
import { Page } from '../../../components/page/page.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { dateTimeColumn } from '../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { usePageFilter, usePageParams } from '../../../components/ui/data-table/server-table.ts';
import { QueryLoadFailure } from '../../../components/ui/load-error/load-failure.tsx';
import { SearchBox } from '../../../components/ui/search-box/search-box.tsx';
import { StatusBadge } from '../../../components/ui/status-badge/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import spreadRow from '../../../styles/spread-row.module.css';
import { isRefusal, type SessionLogsParams, useSessionLogs } from '../api/get-session-logs.ts';
import styles from './session-logs-page.module.css';

const DISCORD_ID = /^[0-9]{1,20}$/;

const columns: DataTableColumn<SessionLogResponse>[] = [
  {
    id: 'sessionId',
    header: 'Session ID',
    rowHeader: true,
    cell: (row) => <span className={styles.sessionId}>{row.sessionId}</span>,
  },
  {
    id: 'discordId',
    header: 'Discord ID',
    cell: (row) => <span className={styles.mono}>{row.discordId}</span>,
  },
  { id: 'pluginName', header: 'Plugin Name', cell: (row) => row.pluginName },
  dateTimeColumn({ id: 'lastUpdate', header: 'Last update', value: (row) => row.lastUpdate }),
  {
    id: 'exceeded',
    header: 'Exceeded',
    cell: (row) =>
      row.exceeded ? (
        <StatusBadge tone="danger" status="exceeded">
          Yes
        </StatusBadge>
      ) : (
        <span className={styles.muted}>No</span>
      ),
  },
];

function Refusal() {
  return (
    <Card>
      <div className={styles.refusal} role="status">
        <p className={styles.refusalTitle}>Session logs are for staff.</p>
        <p>Your account cannot see them. Your own client sessions are on your account page.</p>
        <Link className={styles.link} to={paths.account.getHref()}>
          Go to My Account
        </Link>
      </div>
    </Card>
  );
}

/** /session-logs: one row per game-client session, newest update first (spec §2 Session logs, ADR 0037). */
export default function SessionLogsPage() {
  useDocumentTitle('Session logs');
  const auth = useAuth();
  // Spec §6: the screen has no role check, but its API answers STAFF (and admins) only.
  const mayRead = auth.status === 'authenticated' && allows(auth.roles, 'session-log:read');
  const [params, setParams] = usePageParams<SessionLogsParams>({ discordId: '' });
  const validSearch = params.discordId === '' || DISCORD_ID.test(params.discordId);
  const logs = useSessionLogs(params, { enabled: mayRead && validSearch });
  const onSearch = usePageFilter(setParams, 'discordId');
  const refused = !mayRead || (logs.isError && isRefusal(logs.error));

  return (
    <Page
      eyebrow="Staff"
      title="Session logs"
      description="One row per game-client session, the most recently active first. Last update is its latest heartbeat; Exceeded marks a session that went over its session limit."
    >
      {refused ? (
        <Refusal />
      ) : (
        <Card>
          <div className={`${spreadRow.spreadRow} ${styles.toolbar}`}>
            <SearchBox
              value={params.discordId}
              label="Filter by Discord ID"
              placeholder="Discord ID"
              onSearch={onSearch}
            />
            {logs.data ? (
              <p className={styles.retention}>
                Kept for {logs.data.retentionDays} {logs.data.retentionDays === 1 ? 'day' : 'days'} after the
                session started.
              </p>
            ) : null}
          </div>
          {!validSearch ? (
            <p className={styles.hint} role="alert">
              A Discord ID is a number, like 314159265358979301.
            </p>
          ) : (
            <QueryTable
              query={logs}
              failure={
                <QueryLoadFailure
                  query={logs}
                  message={(serverMessage) => `We could not load the session logs. ${serverMessage}`}
                />
              }
              busyWhileFetching
              params={params}
              setParams={setParams}
              label="Session logs"
              columns={columns}
              getRowKey={(row) => row.sessionId}
              empty={
                <span className={styles.muted}>
                  {params.discordId
                    ? `No sessions logged for Discord ID ${params.discordId}.`
                    : 'No sessions have been logged yet.'}
                </span>
              }
            />
          )}
        </Card>
      )}
    </Page>
  );
}
