import type { CurrentUser, UserLookup } from '@ember/contracts/identity';
import { type TransferCreditsQuery, transferCreditsQuery } from '@ember/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { showServerRefusal } from '../../../components/form/server-refusal.ts';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { creditsCount } from '../../../lib/format/money.ts';
import { receiverName, userLookupQueryOptions } from '../../../lib/users/look-up-user.ts';
import { useTransferCredits } from '../api/transfer-credits.ts';
import styles from './gift-credits-card.module.css';

interface PendingGift {
  targetDiscordId: string;
  amount: number;
  idempotencyKey: string;
  /** Who the id belongs to, shown before the gift is confirmed. */
  receiver: UserLookup;
}

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const EMPTY_GIFT: TransferCreditsQuery = { targetDiscordId: '', amount: '' };

/**
 * Spec §2 Gift credits: send credits to another account by Discord id, after a confirmation that
 * names the receiver (looked up by the id, so a typo is seen before the credits are gone). The
 * form is checked with the server's own rules (spec §5: 'Receivers discord id was empty',
 * 'Please enter a valid amount.'); a refusal of the server shows on the form.
 */
export function GiftCreditsCard({ account }: { account: CurrentUser | undefined }) {
  const form = useContractForm(transferCreditsQuery, { defaultValues: EMPTY_GIFT });
  const [pending, setPending] = useState<PendingGift | null>(null);
  const transfer = useTransferCredits();
  const queryClient = useQueryClient();

  const locked = account !== undefined && account.balance > 0 && account.transferableCredits === 0;

  /** Names the receiver first; an unknown id is refused on the form, before any confirmation. */
  async function review(gift: { targetDiscordId: string; amount: number }) {
    const receiver = await queryClient.fetchQuery(userLookupQueryOptions(gift.targetDiscordId));
    setPending({ ...gift, receiver, idempotencyKey: newIdempotencyKey() });
  }

  function confirm() {
    if (!pending || transfer.isPending) return;
    const { receiver: _receiver, ...gift } = pending;
    transfer
      .mutateAsync(gift)
      .then(() => form.reset(EMPTY_GIFT))
      .catch((error: unknown) => showServerRefusal(form, error))
      .finally(() => setPending(null));
  }

  return (
    <Card title="Gift credits">
      <Form form={form} className={styles.form} onSubmit={review}>
        <FormTextField<TransferCreditsQuery>
          name="targetDiscordId"
          label="Receiver's Discord ID"
          mono
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 314159265358979309"
          maxLength={32}
        />
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
          disabled={locked}
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
