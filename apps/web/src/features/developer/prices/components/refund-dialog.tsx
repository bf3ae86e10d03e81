import { type RefundBody, refundBody, type SubscriptionResponse } from '@ember/contracts/subscriptions';
import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { creditsCount } from '../../../../lib/format/money.ts';
import { useRefundSubscription } from '../api/manage-subscription.ts';

/** Refund a subscriber: the amount defaults to what they paid (spec §9). */
export function RefundDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionResponse;
  onClose: () => void;
}) {
  const form = useContractForm(refundBody, {
    defaultValues: { id: subscription.id, amount: subscription.purchasePrice },
  });
  const refund = useRefundSubscription();
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Refund ${subscription.user.username}`}
      submitLabel="Refund"
      submitVariant="danger"
      form={form}
      onSubmit={(values) =>
        refund.mutateAsync({ id: values.id, amount: values.amount ?? subscription.purchasePrice })
      }
      pending={refund.isPending}
    >
      <p className={styles.note}>
        They paid {creditsCount(subscription.purchasePrice)}. The credits go back to their balance, your share
        is taken back from your earnings, and the subscription ends.
      </p>
      <FormTextField<RefundBody> name="amount" label="Refund amount (credits)" asNumber inputMode="numeric" />
    </FormDialog>
  );
}
