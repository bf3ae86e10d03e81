import type { PlanPrice } from '@ember/contracts/catalog';
import type { UserLookup } from '@ember/contracts/identity';
import { giftQuery } from '@ember/contracts/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { creditsCount, creditsLabel } from '../../../lib/format/money.ts';
import { receiverName, userLookupQueryOptions } from '../../../lib/users/look-up-user.ts';
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

/**
 * Gift in two steps: who receives the plan (Continue looks the id up), then the receiver's name,
 * what it costs and Send gift. A gift cannot be taken back, so nobody confirms a bare id.
 */
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
  const queryClient = useQueryClient();
  const [receiver, setReceiver] = useState<UserLookup | null>(null);

  async function next({ discordId }: { discordId: string }) {
    if (sending) return;
    if (!receiver) {
      setReceiver(await queryClient.fetchQuery(userLookupQueryOptions(discordId)));
      return;
    }
    return onSend(discordId);
  }

  return (
    <Modal
      open={open}
      onClose={sending ? () => {} : onClose}
      disableOverlayClose={sending}
      title={`Gift ${planName}`}
      footer={
        <>
          {receiver ? (
            <Button variant="secondary" onClick={() => setReceiver(null)} disabled={sending}>
              Back
            </Button>
          ) : (
            <Button variant="secondary" onClick={onClose} disabled={sending}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            form={formId}
            loading={sending || form.formState.isSubmitting}
            icon={receiver ? <GiftIcon size={18} /> : undefined}
          >
            {receiver ? 'Send gift' : 'Continue'}
          </Button>
        </>
      }
    >
      <Form id={formId} form={form} className={styles.form} onSubmit={next}>
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
          {receiver ? (
            <div className={styles.receiver}>
              <dt>Receiver</dt>
              <dd data-testid="gift-receiver">
                {receiverName(receiver)}
                <span className={styles.receiverId}>Discord ID {receiver.discordId}</span>
              </dd>
            </div>
          ) : null}
        </dl>
        {receiver ? (
          <p className={styles.confirmNote}>
            Check the name: a gift cannot be taken back.{' '}
            {total === 0 ? 'It is free.' : `${creditsCount(total)} will be taken from your balance.`}
          </p>
        ) : (
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
        )}
      </Form>
    </Modal>
  );
}
