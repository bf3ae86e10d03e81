import {
  type AccountTransferResponse,
  type AdminUserResponse,
  TRANSFER_TO_SELF_MESSAGE,
  type TransferAccountQuery,
  transferAccountQuery,
} from '@ember/contracts/admin-users';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form } from '../../../../components/form/form.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Modal } from '../../../../components/ui/modal/modal.tsx';
import { creditsCount, formatCredits } from '../../../../lib/format/money.ts';
import { useTransferAccount } from '../../api/admin-users-actions.ts';
import { adminUserQueryOptions } from '../../api/admin-users-list.ts';
import { userLabel } from './user-status.ts';
import styles from './users.module.css';

/** What a transfer moves, in the order the confirmation and the result list them. */
const MOVED_ITEMS = [
  ['subscriptions', 'Subscriptions'],
  ['credits', 'Credits'],
  ['earnings', 'Earnings'],
  ['orders', 'Orders'],
  ['payouts', 'Payouts'],
  ['sessions', 'Sessions'],
  ['clientTokens', 'Client tokens'],
  ['votes', 'Votes'],
  ['accessListEntries', 'Access list entries'],
] as const satisfies readonly (readonly [keyof AccountTransferResponse['moved'], string])[];

interface TransferAccountDialogProps {
  user: AdminUserResponse;
  onClose: () => void;
  onTransferred: (result: AccountTransferResponse) => void;
}

/**
 * POST /users/{userId}/transfer-account?targetId: the target id is checked and looked up first,
 * then a confirmation names both accounts and what moves.
 */
export function TransferAccountDialog({ user, onClose, onTransferred }: TransferAccountDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const form = useContractForm(transferAccountQuery, { defaultValues: { targetId: '' } });
  const [target, setTarget] = useState<AdminUserResponse | null>(null);
  const transfer = useTransferAccount();
  const busy = transfer.isPending || form.formState.isSubmitting;

  async function lookUp({ targetId }: { targetId: number }) {
    if (targetId === user.id) throw new Error(TRANSFER_TO_SELF_MESSAGE);
    setTarget(await queryClient.fetchQuery({ ...adminUserQueryOptions(targetId), staleTime: 0 }));
  }

  const confirming = target !== null;
  return (
    <Modal
      open
      onClose={busy ? () => {} : onClose}
      disableOverlayClose={busy}
      title={confirming ? 'Transfer this account?' : `Transfer ${user.username}'s account`}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setTarget(null)} disabled={busy}>
              Back
            </Button>
            <Button
              variant="danger"
              loading={transfer.isPending}
              onClick={() =>
                transfer.mutate(
                  { userId: user.id, targetId: target.id },
                  {
                    onSuccess: (result) => {
                      onTransferred(result);
                      onClose();
                    },
                  },
                )
              }
            >
              Transfer
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={busy}>
              Continue
            </Button>
          </>
        )
      }
    >
      {confirming ? (
        <div className={styles.fields}>
          <p>
            Move everything of <strong>{userLabel(user)}</strong> to <strong>{userLabel(target)}</strong>:
          </p>
          <ul className={styles.moveList}>
            {MOVED_ITEMS.map(([key, label]) => (
              <li key={key}>
                {label}
                {key === 'credits' ? ` (${creditsCount(user.balance)})` : null}
                {key === 'earnings' ? ` (${creditsCount(user.earnings)})` : null}
              </li>
            ))}
          </ul>
          <p>
            {user.username}&rsquo;s account is then disabled, with a pointer to #{target.id}. This cannot be
            undone here.
          </p>
          {transfer.isError ? (
            <p className={styles.refusal} role="alert">
              {transfer.error.message}
            </p>
          ) : null}
        </div>
      ) : (
        <Form id={formId} form={form} onSubmit={lookUp}>
          <div className={styles.fields}>
            <p className={styles.note}>
              Subscriptions, credits, earnings, orders, payouts, sessions and client tokens of{' '}
              {userLabel(user)} move to the target account in one go.
            </p>
            <FormTextField<TransferAccountQuery>
              name="targetId"
              label="Target user ID"
              inputMode="numeric"
              mono
              autoComplete="off"
            />
          </div>
        </Form>
      )}
    </Modal>
  );
}

/** What the last transfer moved (the response's counts), shown in the panel afterwards. */
export function TransferResult({ result }: { result: AccountTransferResponse }) {
  return (
    <div className={styles.result} role="status" aria-label="Account transfer result">
      <p>
        Transferred to <strong>{userLabel(result.target)}</strong>. Moved:
      </p>
      <dl className={styles.moved}>
        {MOVED_ITEMS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {key === 'credits' || key === 'earnings'
                ? creditsCount(result.moved[key])
                : formatCredits(result.moved[key])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
