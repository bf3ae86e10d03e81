import type { SigningKeyResponse } from '@ember/contracts/signing-keys';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { StatusBadge } from '../../../../components/ui/status-badge/status-badge.tsx';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import wrapRow from '../../../../styles/wrap-row.module.css';
import { useRevokeSigningKey, useSigningKeys } from '../api/signing-keys.ts';
import { AddKeyDialog } from './add-key-dialog.tsx';
import { GenerateKeyDialog } from './generate-key-dialog.tsx';
import styles from './signing-keys-card.module.css';

/** What revoking does, said before it is done. */
function revokeConsequence(key: SigningKeyResponse, activeCount: number): string {
  const last =
    activeCount <= 1
      ? ' It is your last active key: you cannot publish signed releases until you add another.'
      : ' Your other keys keep working.';
  return `Releases signed with "${key.label}" will no longer be trusted: players' clients refuse new releases it signs once the store's metadata is refreshed. This cannot be undone.${last}`;
}

function columnsFor(onRevoke: (key: SigningKeyResponse) => void): DataTableColumn<SigningKeyResponse>[] {
  return [
    { id: 'label', header: 'Name', rowHeader: true, sortValue: (key) => key.label, cell: (key) => key.label },
    {
      id: 'keyid',
      header: 'Key id',
      sortValue: (key) => key.keyid,
      cell: (key) => (
        <code className={styles.keyid} title={key.keyid}>
          {key.keyid.slice(0, 16)}…
        </code>
      ),
    },
    {
      id: 'created',
      header: 'Added',
      sortValue: (key) => key.createdAt,
      cell: (key) => formatDateTime(key.createdAt),
    },
    {
      id: 'status',
      header: 'Status',
      sortValue: (key) => key.revokedAt ?? '',
      cell: (key) =>
        key.revokedAt ? (
          <StatusBadge tone="expired" status="REVOKED">
            Revoked {formatDateTime(key.revokedAt)}
          </StatusBadge>
        ) : (
          <StatusBadge tone="success" status="ACTIVE">
            Active
          </StatusBadge>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (key) =>
        key.revokedAt ? null : (
          <Button size="sm" variant="danger" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.label}`}>
            Revoke
          </Button>
        ),
    },
  ];
}

/** Issue 32: the Ed25519 keys that sign the developer's releases: generate, paste, list, revoke. */
export function SigningKeysCard() {
  const keys = useSigningKeys();
  const revoke = useRevokeSigningKey();
  const [dialog, setDialog] = useState<'generate' | 'add' | null>(null);
  const [revoking, setRevoking] = useState<SigningKeyResponse | null>(null);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const activeCount = keys.data?.filter((key) => key.revokedAt === null).length ?? 0;
  const close = () => setRevoking(null);
  return (
    <Card
      title="Signing keys"
      actions={
        <div className={wrapRow.gap2}>
          <Button size="sm" onClick={() => setDialog('generate')}>
            Generate key pair
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog('add')}>
            Add existing key
          </Button>
        </div>
      }
    >
      <p className={styles.intro}>
        Players' clients run a release of your plugins only when one of these keys signed it.
      </p>
      {savedAs ? (
        <p role="status" className={styles.saved}>
          Private key saved as <code>{savedAs}</code>. Keep it safe: Ember does not have a copy.
        </p>
      ) : null}
      <QueryTable
        query={keys}
        what="your signing keys"
        label="Signing keys"
        columns={columnsFor(setRevoking)}
        getRowKey={(key) => key.id}
        empty="No signing keys yet. Generate a key pair or add the public key you already sign with."
      />
      <GenerateKeyDialog open={dialog === 'generate'} onClose={() => setDialog(null)} onSaved={setSavedAs} />
      <AddKeyDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke "${revoking.label}"?` : 'Revoke key?'}
        message={revoking ? revokeConsequence(revoking, activeCount) : ''}
        confirmLabel="Revoke key"
        destructive
        confirming={revoke.isPending}
        onCancel={close}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: close })}
      />
    </Card>
  );
}
