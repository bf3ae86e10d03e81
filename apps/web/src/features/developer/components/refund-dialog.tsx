import { type RefundBody, refundBody, type SubscriptionResponse } from '@ember/contracts/subscriptions';
import { useId } from 'react';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { creditsCount } from '../../../lib/format/money.ts';
import { useRefundSubscription } from '../api/manage-subscription.ts';
import styles from './developer-forms.module.css';

/** Refund a subscriber: the amount defaults to what they paid (spec §9). */
export function RefundDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionResponse;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useContractForm(refundBody, {
    defaultValues: { id: subscription.id, amount: subscription.purchasePrice },
  });
  const refund = useRefundSubscription();
  return (
    <Modal
      open
      onClose={refund.isPending ? () => {} : onClose}
      disableOverlayClose={refund.isPending}
      title={`Refund ${subscription.user.username}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={refund.isPending}>
            Refund
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={async (values) => {
          await refund.mutateAsync({ id: values.id, amount: values.amount ?? subscription.purchasePrice });
          onClose();
        }}
      >
        <div className={styles.fields}>
          <p className={styles.note}>
            They paid {creditsCount(subscription.purchasePrice)}. The credits go back to their balance, your
            share is taken back from your earnings, and the subscription ends.
          </p>
          <FormTextField<RefundBody>
            name="amount"
            label="Refund amount (credits)"
            asNumber
            inputMode="numeric"
          />
        </div>
      </Form>
    </Modal>
  );
}
