import type { AccountTransferResponse, AdminUserResponse } from '@ember/contracts/admin-users';
import { useState } from 'react';
import { DisplayName } from '../../../../components/display-name/display-name.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { Modal } from '../../../../components/ui/modal/modal.tsx';
import { StatusBadge } from '../../../../components/ui/status-badge/status-badge.tsx';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { creditsCount } from '../../../../lib/format/money.ts';
import stack from '../../../../styles/stack.module.css';
import { useBanUser, useUnbanUser } from '../../api/admin-users-actions.ts';
import { useAdminUser } from '../../api/admin-users-list.ts';
import { AddVipDialog } from './add-vip-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { TransferAccountDialog, TransferResult } from './transfer-account-dialog.tsx';
import { UserSessions } from './user-sessions.tsx';
import { userLabel, userStanding } from './user-status.ts';
import { UserSubscriptions } from './user-subscriptions.tsx';
import styles from './users.module.css';

type Dialog = 'ban' | 'unban' | 'edit' | 'vip' | 'transfer' | null;

/** One user, everything an admin can do to the account: a large modal over the users table. */
export function UserPanel({ initial, onClose }: { initial: AdminUserResponse; onClose: () => void }) {
  const query = useAdminUser(initial.id, initial);
  const user = query.data ?? initial;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [transferred, setTransferred] = useState<AccountTransferResponse | null>(null);
  const ban = useBanUser();
  const unban = useUnbanUser();
  const standing = userStanding(user);
  const label = userLabel(user);
  const isTransferred = user.transferredToId !== null;
  const close = () => setDialog(null);
  /** The panel's tools, each opening its dialog: Ban or Unban, Edit, Add VIP, Transfer account. */
  const tools: { dialog: NonNullable<Dialog>; label: string; disabled: boolean }[] = [
    user.enabled
      ? { dialog: 'ban', label: 'Ban', disabled: false }
      : { dialog: 'unban', label: 'Unban', disabled: isTransferred },
    { dialog: 'edit', label: 'Edit', disabled: false },
    { dialog: 'vip', label: 'Add VIP', disabled: false },
    { dialog: 'transfer', label: 'Transfer account', disabled: isTransferred },
  ];

  return (
    <Modal open onClose={onClose} size="large" title={`Manage ${label}`}>
      <div className={stack.gap6}>
        <section aria-labelledby="admin-user-facts" className={styles.panelSection}>
          <h3 id="admin-user-facts" className={styles.sectionTitle}>
            Account
          </h3>
          <dl className={styles.facts}>
            <div>
              <dt>Name</dt>
              <dd>
                <DisplayName user={{ displayName: user.displayName || user.username, vip: user.vip }} />
              </dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>User ID</dt>
              <dd className={styles.mono}>#{user.id}</dd>
            </div>
            <div>
              <dt>Discord ID</dt>
              <dd className={styles.mono}>{user.discordId}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge tone={standing.tone} status={standing.status}>
                  {standing.label}
                </StatusBadge>
              </dd>
            </div>
            <div>
              <dt>Roles</dt>
              <dd>{user.roles.join(', ')}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>{creditsCount(user.balance)}</dd>
            </div>
            <div>
              <dt>Earnings</dt>
              <dd>{creditsCount(user.earnings)}</dd>
            </div>
            <div>
              <dt>VIP until</dt>
              <dd>{user.vipUntil ? formatDateTime(user.vipUntil) : 'None'}</dd>
            </div>
            <div>
              <dt>Registered</dt>
              <dd>{formatDateTime(user.registrationDate)}</dd>
            </div>
          </dl>
          <div className={styles.panelActions}>
            {tools.map(({ dialog: opens, label: text, disabled }) => (
              <Button
                key={opens}
                variant={opens === 'ban' ? 'danger' : 'secondary'}
                size="sm"
                onClick={() => setDialog(opens)}
                disabled={disabled}
              >
                {text}
              </Button>
            ))}
          </div>
          {transferred ? <TransferResult result={transferred} /> : null}
        </section>

        <UserSessions user={user} />
        <UserSubscriptions userId={user.id} />
      </div>

      <ConfirmDialog
        open={dialog === 'ban'}
        title={`Ban ${user.username}?`}
        message={`${label} is signed out everywhere, including the game client, and cannot sign in until unbanned.`}
        confirmLabel="Ban"
        destructive
        confirming={ban.isPending}
        onCancel={close}
        onConfirm={() => ban.mutate(user.id, { onSettled: close })}
      />
      <ConfirmDialog
        open={dialog === 'unban'}
        title={`Unban ${user.username}?`}
        message={`${label} can sign in again, on the website and in the game client.`}
        confirmLabel="Unban"
        confirming={unban.isPending}
        onCancel={close}
        onConfirm={() => unban.mutate(user.id, { onSettled: close })}
      />
      {dialog === 'edit' ? <EditUserDialog user={user} onClose={close} /> : null}
      {dialog === 'vip' ? <AddVipDialog user={user} onClose={close} /> : null}
      {dialog === 'transfer' ? (
        <TransferAccountDialog user={user} onClose={close} onTransferred={setTransferred} />
      ) : null}
    </Modal>
  );
}
