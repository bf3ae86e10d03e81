import { PAUSE_DAYS } from '@ember/contracts/constants';
import {
  type AddHoursQuery,
  addHoursQuery,
  refundBody,
  type SubscriptionResponse,
  subscriptionActions,
} from '@ember/contracts/subscriptions';
import { useState } from 'react';
import { Form } from '../../../../components/form/form.tsx';
import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { SubscriptionStatusBadge } from '../../../../components/subscription-status-badge/subscription-status-badge.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { DateTimeCell } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { creditsCount, creditsLabel } from '../../../../lib/format/money.ts';
import { notify } from '../../../../lib/toast/notify.ts';
import {
  useAddSubscriptionHours,
  useDeleteUserSubscription,
  usePauseUserSubscription,
  useRefundUserSubscription,
  useUnpauseUserSubscription,
  useUserSubscriptions,
} from '../../api/admin-users-subscriptions.ts';
import styles from './users.module.css';
import {
  DELETE_SUBSCRIPTION_QUESTION,
  NO_SUBSCRIPTION_SELECTED_MESSAGE,
  PAUSE_QUESTION,
  UNPAUSE_QUESTION,
} from './users-messages.ts';

const refundForm = refundBody.pick({ amount: true });
type RefundForm = { amount?: number | null };

type Action = 'refund' | 'delete' | 'pause' | 'unpause';

/** The user's subscriptions; pick one, then add hours, refund, pause, unpause or delete it. */
export function UserSubscriptions({ userId }: { userId: number }) {
  const subscriptions = useUserSubscriptions(userId);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const picked = subscriptions.data?.find((sub) => sub.id === pickedId) ?? null;
  const [action, setAction] = useState<Action | null>(null);
  const hoursForm = useContractForm(addHoursQuery, { defaultValues: { hours: '' } });
  const addHours = useAddSubscriptionHours();
  const refund = useRefundUserSubscription();
  const remove = useDeleteUserSubscription();
  const pause = usePauseUserSubscription();
  const unpause = useUnpauseUserSubscription();
  const refundDialogForm = useContractForm(refundForm, { defaultValues: { amount: null } });
  const allowed = picked ? subscriptionActions(picked, new Date()) : null;
  const close = () => setAction(null);

  /** Spec §5: a tool used with nothing picked says so. */
  function start(next: Action) {
    if (!picked) {
      void notify.error(NO_SUBSCRIPTION_SELECTED_MESSAGE);
      return;
    }
    if (next === 'refund') refundDialogForm.reset({ amount: picked.purchasePrice });
    setAction(next);
  }

  /** The tools for the picked subscription, in their order; one it does not allow is disabled. */
  const tools: { action: Action; label: string; disabled: boolean }[] = [
    { action: 'refund', label: 'Refund', disabled: picked?.status === 'Refunded' },
    { action: 'pause', label: 'Pause', disabled: allowed ? !allowed.pause : false },
    { action: 'unpause', label: 'Unpause', disabled: allowed ? !allowed.unpause : false },
    { action: 'delete', label: 'Delete', disabled: false },
  ];

  const columns: DataTableColumn<SubscriptionResponse>[] = [
    {
      id: 'pick',
      header: 'Pick',
      cell: (sub) => (
        <input
          type="radio"
          name={`admin-user-${userId}-subscription`}
          className={styles.pick}
          checked={pickedId === sub.id}
          onChange={() => setPickedId(sub.id)}
          aria-label={`Pick subscription #${sub.id}`}
        />
      ),
    },
    {
      id: 'plan',
      header: 'Plan',
      rowHeader: true,
      cell: (sub) => (
        <span className={styles.who}>
          <span>{sub.planName}</span>
          <span className={styles.subtle}>
            {sub.priceName} · #{sub.id}
          </span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (sub) => <SubscriptionStatusBadge status={sub.status} />,
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (sub) =>
        sub.expireDate ? <DateTimeCell iso={sub.expireDate} className={styles.nowrap} /> : 'Never',
    },
    { id: 'paid', header: 'Paid', align: 'end', cell: (sub) => creditsLabel(sub.purchasePrice) },
    {
      id: 'refunded',
      header: 'Refunded',
      align: 'end',
      cell: (sub) => (sub.refunded ? creditsCount(sub.refunded) : '—'),
    },
  ];

  const subject = picked ? `${picked.planName} (${picked.priceName}, #${picked.id})` : '';
  return (
    <section aria-labelledby={`admin-user-${userId}-subscriptions`} className={styles.panelSection}>
      <h3 id={`admin-user-${userId}-subscriptions`} className={styles.sectionTitle}>
        Subscriptions
      </h3>
      <div className={styles.subscriptionTools}>
        <Form
          form={hoursForm}
          className={styles.hoursForm}
          aria-label="Add hours to the picked subscription"
          onSubmit={async (values) => {
            if (!picked) {
              void notify.error(NO_SUBSCRIPTION_SELECTED_MESSAGE);
              return;
            }
            await addHours.mutateAsync({ id: picked.id, hours: values.hours });
            hoursForm.reset({ hours: '' });
          }}
        >
          <FormTextField<AddHoursQuery> name="hours" label="Hours to add" inputMode="numeric" />
          <Button type="submit" size="sm" loading={addHours.isPending}>
            Add hours
          </Button>
        </Form>
        <span className={styles.rowActions}>
          {tools.map(({ action: tool, label, disabled }) => (
            <Button
              key={tool}
              size="sm"
              variant={tool === 'delete' ? 'danger' : 'secondary'}
              onClick={() => start(tool)}
              disabled={disabled}
            >
              {label}
            </Button>
          ))}
        </span>
      </div>
      <output className={styles.selection} aria-live="polite">
        {picked ? `Picked: ${subject}` : 'No subscription picked'}
      </output>
      <QueryTable
        query={subscriptions}
        what="the subscriptions"
        label="Subscriptions of the user"
        columns={columns}
        getRowKey={(sub) => sub.id}
        empty={<span className={styles.subtle}>No subscriptions.</span>}
        singlePage
      />

      {picked ? (
        <>
          <FormDialog
            open={action === 'refund'}
            title={`Refund ${subject}`}
            submitLabel="Refund"
            form={refundDialogForm}
            emptyValues={{ amount: picked.purchasePrice }}
            pending={refund.isPending}
            onClose={close}
            onSubmit={(values: RefundForm) =>
              refund.mutateAsync({ id: picked.id, amount: values.amount ?? picked.purchasePrice })
            }
          >
            <div className={styles.fields}>
              <p className={styles.note}>
                Paid {creditsCount(picked.purchasePrice)}. The credits go back to the user's balance, the
                developer's share is taken back, and the subscription ends.
              </p>
              <FormTextField<RefundForm>
                name="amount"
                label="Refund amount (credits)"
                asNumber
                inputMode="numeric"
              />
            </div>
          </FormDialog>
          <ConfirmDialog
            open={action === 'delete'}
            title="Delete subscription"
            message={DELETE_SUBSCRIPTION_QUESTION}
            confirmLabel="Delete"
            destructive
            confirming={remove.isPending}
            onCancel={close}
            onConfirm={() => remove.mutate({ id: picked.id }, { onSettled: close })}
          />
          <ConfirmDialog
            open={action === 'pause'}
            title={`Pause ${subject}?`}
            message={PAUSE_QUESTION}
            confirmLabel={`Pause ${PAUSE_DAYS} days`}
            confirming={pause.isPending}
            onCancel={close}
            onConfirm={() => pause.mutate({ id: picked.id, days: PAUSE_DAYS }, { onSettled: close })}
          />
          <ConfirmDialog
            open={action === 'unpause'}
            title={`Unpause ${subject}?`}
            message={UNPAUSE_QUESTION}
            confirmLabel="Unpause"
            confirming={unpause.isPending}
            onCancel={close}
            onConfirm={() => unpause.mutate({ id: picked.id }, { onSettled: close })}
          />
        </>
      ) : null}
    </section>
  );
}
