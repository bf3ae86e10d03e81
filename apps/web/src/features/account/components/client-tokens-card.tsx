import type { ClientTokenResponse } from '@ember/contracts/client-api';
import { useState } from 'react';
import { Link } from 'react-router';
import { LogOutIcon } from '../../../components/icons/icons.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import {
  buttonColumn,
  DateTimeCell,
  dateTimeColumn,
  nameColumn,
} from '../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useClientTokens } from '../api/get-client-tokens.ts';
import { useRevokeClientToken } from '../api/revoke-client-token.ts';
import styles from './client-tokens-card.module.css';

/** The game clients signed in with the device flow (/device), each with Sign out behind a confirmation. */
export function ClientTokensCard() {
  const tokens = useClientTokens();
  const revoke = useRevokeClientToken();
  const [asking, setAsking] = useState<ClientTokenResponse | null>(null);

  const columns: DataTableColumn<ClientTokenResponse>[] = [
    nameColumn(
      'name',
      'Device',
      (token) => token.name,
      (token) => <span className={styles.name}>{token.name}</span>,
    ),
    dateTimeColumn({
      id: 'createdAt',
      header: 'Signed in',
      value: (token) => token.createdAt,
      sort: 'browser',
    }),
    {
      id: 'lastUsedAt',
      header: 'Last used',
      sortValue: (token) => (token.lastUsedAt ? Date.parse(token.lastUsedAt) : 0),
      firstSortDirection: 'desc',
      cell: (token) => (token.lastUsedAt ? <DateTimeCell iso={token.lastUsedAt} /> : 'Never'),
    },
    buttonColumn('signOut', 'Sign out', {
      icon: <LogOutIcon size={16} />,
      loading: (token) => revoke.isPending && revoke.variables === token.id,
      onClick: setAsking,
      label: (token) => `Sign out ${token.name}`,
    }),
  ];

  function confirmSignOut() {
    if (!asking || revoke.isPending) return;
    revoke.mutate(asking.id, { onSettled: () => setAsking(null) });
  }

  return (
    <Card title="Signed-in devices">
      <p className={styles.hint}>
        Game clients signed in to your account. Sign out one you no longer use or do not recognise.
      </p>
      <QueryTable
        query={tokens}
        what="your signed-in devices"
        label="Signed-in devices"
        columns={columns}
        getRowKey={(token) => token.id}
        defaultSort={{ columnId: 'lastUsedAt', direction: 'desc' }}
        empty={
          <>
            No game clients are signed in. Sign in from the client with the code it shows.{' '}
            <Link to={paths.device.getHref()} className={styles.link}>
              Enter a code
            </Link>
          </>
        }
      />
      <ConfirmDialog
        open={asking !== null}
        title={`Sign out ${asking?.name ?? 'this device'}?`}
        message={`${asking?.name ?? 'This client'} will be refused on its next call and has to sign in again with a new code.`}
        confirmLabel="Sign out"
        destructive
        confirming={revoke.isPending}
        onConfirm={confirmSignOut}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}
