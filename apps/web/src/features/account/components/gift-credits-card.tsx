import {
  type CurrentUser,
  TRANSFER_CREDITS_TO_BANNED_MESSAGE,
  TRANSFER_CREDITS_TO_SELF_MESSAGE,
  type UserLookup,
} from '@ember/contracts/identity';
import { type TransferCreditsQuery, transferCreditsQuery } from '@ember/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { ReceiverDiscordIdField } from '../../../components/form/receiver-discord-id-field.tsx';
import { showServerRefusal } from '../../../components/form/server-refusal.ts';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { visuallyHiddenClass } from '../../../components/visually-hidden/visually-hidden.tsx';
import {
  type ReceiverRefusal,
  receiverCheckOf,
  useReceiverCheck,
} from '../../../hooks/use-receiver-check.ts';
import { creditsCount } from '../../../lib/format/money.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { receiverName, userLookupQueryOptions } from '../../../lib/users/look-up-user.ts';
import stack from '../../../styles/stack.module.css';
import { useTransferCredits } from '../api/transfer-credits.ts';
import styles from './gift-credits-card.module.css';

interface PendingGift {
  targetDiscordId: string;
  amount: number;
  idempotencyKey: string;
  /** Who the id belongs to, shown before the gift is confirmed. */
  receiver: UserLookup;
}

const EMPTY_GIFT: TransferCreditsQuery = { targetDiscordId: '', amount: '' };

/** More than the account may gift (its transferable credits), in the server's words. */
export function overTransferLimitMessage(transferable: number): string {
  return `Not enough credits: you can transfer at most ${creditsCount(transferable)}.`;
}

/** The typed amount as a whole number, or null while it is not one (the form's check speaks then). */
function typedAmount(raw: unknown): number | null {
  const text = String(raw ?? '').trim();
  return /^[0-9]+$/.test(text) ? Number(text) : null;
}

/**
 * Spec §2 Gift credits: send credits to another account by Discord id, after a confirmation that
 * names the receiver (looked up by the id, so a typo is seen before the credits are gone). The
 * form is checked with the server's own rules (spec §5: 'Receivers discord id was empty',
 * 'Please enter a valid amount.'); a refusal of the server shows on the form. A gift that cannot
 * succeed (an unknown id, yourself, a banned account, more than you may transfer) is refused under
 * its field as it is typed, and the button waits until the receiver is checked.
 */
export function GiftCreditsCard({ account }: { account: CurrentUser | undefined }) {
  const form = useContractForm(transferCreditsQuery, { defaultValues: EMPTY_GIFT });
  const [pending, setPending] = useState<PendingGift | null>(null);
  const transfer = useTransferCredits();
  const queryClient = useQueryClient();

  const locked = account !== undefined && account.balance > 0 && account.transferableCredits === 0;
  const refusalOf: ReceiverRefusal = (receiver) => {
    if (account && receiver.discordId === account.discordId) return TRANSFER_CREDITS_TO_SELF_MESSAGE;
    if (receiver.banned) return TRANSFER_CREDITS_TO_BANNED_MESSAGE;
    return null;
  };
  const typedReceiver = useWatch({ control: form.control, name: 'targetDiscordId' }) ?? '';
  const check = useReceiverCheck(typedReceiver, refusalOf);
  const receiverRefusal = check.state === 'refused' ? check.message : null;
  const amount = typedAmount(useWatch({ control: form.control, name: 'amount' }));
  const overLimit =
    account !== undefined && !locked && amount !== null && amount > account.transferableCredits
      ? overTransferLimitMessage(account.transferableCredits)
      : null;

  // Gifts that cannot succeed are refused under their field as they are typed.
  useEffect(() => {
    if (receiverRefusal) form.setError('targetDiscordId', { type: 'receiver', message: receiverRefusal });
    else if (form.getFieldState('targetDiscordId').error?.type === 'receiver')
      form.clearErrors('targetDiscordId');
  }, [receiverRefusal, form]);
  useEffect(() => {
    if (overLimit) form.setError('amount', { type: 'limit', message: overLimit });
    else if (form.getFieldState('amount').error?.type === 'limit') form.clearErrors('amount');
  }, [overLimit, form]);

  /** Names the receiver first; a gift that cannot succeed is refused on the form, before any confirmation. */
  async function review(gift: { targetDiscordId: string; amount: number }) {
    if (account && gift.amount > account.transferableCredits && !locked) {
      form.setError('amount', {
        type: 'limit',
        message: overTransferLimitMessage(account.transferableCredits),
      });
      return;
    }
    const answer = await queryClient.fetchQuery(userLookupQueryOptions(gift.targetDiscordId)).then(
      (receiver) => ({ receiver }),
      (error: unknown) => ({ error }),
    );
    const verdict = receiverCheckOf(answer, refusalOf);
    if (verdict.state === 'refused') {
      form.setError('targetDiscordId', { type: 'receiver', message: verdict.message });
      return;
    }
    if (verdict.state !== 'valid') throw new Error(verdict.state === 'unchecked' ? verdict.message : '');
    setPending({ ...gift, receiver: verdict.receiver, idempotencyKey: newIdempotencyKey() });
  }

  function confirm() {
    if (!pending || transfer.isPending) return;
    const { receiver, ...gift } = pending;
    transfer
      .mutateAsync({ ...gift, receiverName: receiverName(receiver) })
      .then(() => form.reset(EMPTY_GIFT))
      .catch((error: unknown) => showServerRefusal(form, error))
      .finally(() => setPending(null));
  }

  return (
    <Card title="Gift credits">
      <Form form={form} className={stack.gap4} onSubmit={review}>
        <ReceiverDiscordIdField<TransferCreditsQuery>
          name="targetDiscordId"
          hint={
            check.state === 'checking'
              ? 'Checking the receiver...'
              : check.state === 'valid'
                ? `Receiver: ${receiverName(check.receiver)}.`
                : check.state === 'unchecked'
                  ? `${check.message} The receiver is checked again when you press Gift credits.`
                  : undefined
          }
        />
        <p className={visuallyHiddenClass} aria-live="polite">
          {check.state === 'valid' ? `Receiver: ${receiverName(check.receiver)}.` : (receiverRefusal ?? '')}
        </p>
        <FormTextField<TransferCreditsQuery>
          name="amount"
          label="Amount"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Credits"
          maxLength={12}
          hint={
            account
              ? locked
                ? 'Credit gifts are locked for your account.'
                : `You can gift up to ${creditsCount(account.transferableCredits)}.`
              : '\u00a0'
          }
        />
        <Button
          type="submit"
          icon={<GiftIcon size={18} />}
          loading={transfer.isPending || form.formState.isSubmitting}
          // Nothing is confirmed while the receiver is being checked or a gift cannot succeed.
          disabled={locked || check.state === 'checking' || receiverRefusal !== null || overLimit !== null}
          className={styles.submit}
        >
          Gift credits
        </Button>
      </Form>
      <ConfirmDialog
        open={pending !== null}
        title="Gift credits"
        message={
          pending
            ? `Send ${creditsCount(pending.amount)} to ${receiverName(pending.receiver)}, Discord ID ${pending.targetDiscordId}? A gift cannot be taken back.`
            : ''
        }
        confirmLabel="Send gift"
        confirming={transfer.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
