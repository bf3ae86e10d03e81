import type { PlanPrice } from '@ember/contracts/catalog';
import { giftQuery } from '@ember/contracts/subscriptions';
import { useId } from 'react';
import type { z } from 'zod';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { creditsLabel } from '../../../lib/format/money.ts';
import styles from './gift-dialog.module.css';

/** The receiver's Discord id as the server checks it: blank (after trimming) or malformed is refused. */
const giftReceiverForm = giftQuery.pick({ discordId: true });
type GiftReceiver = z.input<typeof giftReceiverForm>;

interface GiftDialogProps {
  open: boolean;
  planName: string;
  price: PlanPrice;
  /** What the giver is expected to pay (display only). */
  total: number;
  discountCode: string | null;
  sending: boolean;
  /** Sends the gift; when it rejects, the server's refusal is shown in the dialog. */
  onSend: (discordId: string) => Promise<unknown>;
  onClose: () => void;
}

/** Gift: who receives the plan, what it costs, and the confirm button. */
export function GiftDialog({
  open,
  planName,
  price,
  total,
  discountCode,
  sending,
  onSend,
  onClose,
}: GiftDialogProps) {
  const formId = useId();
  const form = useContractForm(giftReceiverForm, { defaultValues: { discordId: '' } });

  return (
    <Modal
      open={open}
      onClose={sending ? () => {} : onClose}
      disableOverlayClose={sending}
      title={`Gift ${planName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={sending} icon={<GiftIcon size={18} />}>
            Send gift
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        className={styles.form}
        onSubmit={({ discordId }) => (sending ? undefined : onSend(discordId))}
      >
        <dl className={styles.summary}>
          <div>
            <dt>Option</dt>
            <dd>{price.name}</dd>
          </div>
          <div>
            <dt>You pay</dt>
            <dd className={styles.total}>{creditsLabel(total)}</dd>
          </div>
          {discountCode ? (
            <div>
              <dt>Discount code</dt>
              <dd className={styles.code}>{discountCode}</dd>
            </div>
          ) : null}
        </dl>
        <FormTextField<GiftReceiver>
          name="discordId"
          label="Receiver's Discord ID"
          mono
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 314159265358979309"
          maxLength={32}
          disabled={sending}
          hint="The receiver must have logged in to the store once. The credits come from your balance."
        />
      </Form>
    </Modal>
  );
}
