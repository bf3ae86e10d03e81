import type { PlanPrice } from '@ember/contracts/catalog';
import {
  GIFT_SUBSCRIPTION_TO_SELF_MESSAGE,
  giftSubscriptionToBannedMessage,
  type UserLookup,
} from '@ember/contracts/identity';
import { GIFT_MESSAGE_MAX_LENGTH, giftMessage } from '@ember/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import facts from '../../../components/detail-fact/detail-fact.module.css';
import { DetailFact } from '../../../components/detail-fact/detail-fact.tsx';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import {
  giftReceiverForm,
  ReceiverDiscordIdField,
} from '../../../components/form/receiver-discord-id-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { visuallyHiddenClass } from '../../../components/visually-hidden/visually-hidden.tsx';
import {
  type ReceiverCheck,
  type ReceiverRefusal,
  receiverCheckOf,
  useReceiverCheck,
} from '../../../hooks/use-receiver-check.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { creditsCount, creditsLabel } from '../../../lib/format/money.ts';
import { receiverName, userLookupQueryOptions } from '../../../lib/users/look-up-user.ts';
import stack from '../../../styles/stack.module.css';
import styles from './gift-dialog.module.css';

/** Who receives the gift, and the giver's optional words to them (shown in the receiver's bell). */
const giftForm = giftReceiverForm.extend({ message: giftMessage.optional() });
type GiftForm = z.input<typeof giftForm>;

interface GiftDialogProps {
  open: boolean;
  planName: string;
  price: PlanPrice;
  /** What the giver is expected to pay (display only). */
  total: number;
  discountCode: string | null;
  sending: boolean;
  /** Sends the gift; when it rejects, the server's refusal is shown in the dialog. */
  onSend: (receiver: UserLookup, message: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

const RECEIVER_HINT =
  'The receiver must have logged in to the store once. The credits come from your balance.';

/** What the receiver field says under it while the id is typed (a refusal shows as its error). */
function receiverHint(check: ReceiverCheck): string {
  switch (check.state) {
    case 'checking':
      return 'Checking the receiver...';
    case 'valid':
      return `Receiver: ${receiverName(check.receiver)}.`;
    case 'unchecked':
      return `${check.message} The receiver is checked again when you continue.`;
    default:
      return RECEIVER_HINT;
  }
}

/**
 * Gift in two steps: who receives the plan (checked as it is typed: an unknown id, yourself or a
 * banned account is refused there, and Continue waits for the check), then the receiver's name,
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
  const form = useContractForm(giftForm, { defaultValues: { discordId: '', message: '' } });
  const queryClient = useQueryClient();
  const [receiver, setReceiver] = useState<UserLookup | null>(null);
  const me = useAuth().user;
  const refusalOf: ReceiverRefusal = (candidate) => {
    if (candidate.discordId === me?.discordId) return GIFT_SUBSCRIPTION_TO_SELF_MESSAGE;
    if (candidate.banned) return giftSubscriptionToBannedMessage(candidate.username);
    return null;
  };
  const typed = useWatch({ control: form.control, name: 'discordId' }) ?? '';
  const check = useReceiverCheck(typed, refusalOf);
  const refusal = check.state === 'refused' ? check.message : null;

  // A receiver the gift cannot reach is refused under the field, as the id is typed.
  useEffect(() => {
    if (refusal) form.setError('discordId', { type: 'receiver', message: refusal });
    else if (form.getFieldState('discordId').error?.type === 'receiver') form.clearErrors('discordId');
  }, [refusal, form]);

  async function next({ discordId, message }: z.output<typeof giftForm>) {
    // Sent to the receiver confirmed on the first step (the id field is gone on the second).
    if (sending) return;
    if (!receiver) {
      // The live check's answer (from the cache), or a fresh lookup when it has none.
      const answer = await queryClient.fetchQuery(userLookupQueryOptions(discordId)).then(
        (found) => ({ receiver: found }),
        (error: unknown) => ({ error }),
      );
      const verdict = receiverCheckOf(answer, refusalOf);
      if (verdict.state === 'valid') setReceiver(verdict.receiver);
      else if (verdict.state === 'refused')
        form.setError('discordId', { type: 'receiver', message: verdict.message });
      else throw new Error(verdict.state === 'unchecked' ? verdict.message : '');
      return;
    }
    return onSend(receiver, message);
  }
  const message = useWatch({ control: form.control, name: 'message' })?.trim() ?? '';

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
            // Nothing is confirmed while the receiver is being checked or cannot receive the gift.
            disabled={!receiver && (check.state === 'checking' || check.state === 'refused')}
            icon={receiver ? <GiftIcon size={18} /> : undefined}
          >
            {receiver ? 'Send gift' : 'Continue'}
          </Button>
        </>
      }
    >
      <Form id={formId} form={form} className={stack.gap5} onSubmit={next}>
        <dl className={`${facts.labelled} ${facts.boxed} ${styles.summary}`}>
          <DetailFact label="Option">{price.name}</DetailFact>
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
          {receiver && message ? (
            <div className={styles.receiver}>
              <dt>Message</dt>
              <dd className={styles.message}>{message}</dd>
            </div>
          ) : null}
        </dl>
        {receiver ? (
          <p className={styles.confirmNote}>
            Check the name: a gift cannot be taken back.{' '}
            {total === 0 ? 'It is free.' : `${creditsCount(total)} will be taken from your balance.`}
          </p>
        ) : (
          <>
            <ReceiverDiscordIdField<GiftForm>
              name="discordId"
              disabled={sending}
              hint={receiverHint(check)}
            />
            <FormTextField<GiftForm>
              name="message"
              label="Message (optional)"
              hint="Plain text the receiver sees with the gift."
              maxLength={GIFT_MESSAGE_MAX_LENGTH}
              autoComplete="off"
              disabled={sending}
            />
          </>
        )}
        {receiver ? null : (
          <p className={visuallyHiddenClass} aria-live="polite" data-testid="gift-receiver-check">
            {check.state === 'valid' ? receiverHint(check) : (refusal ?? '')}
          </p>
        )}
      </Form>
    </Modal>
  );
}
