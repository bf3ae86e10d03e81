import { formatCredits } from '@ember/contracts/format';
import type { CurrentUser } from '@ember/contracts/identity';
import { transferCreditsQuery } from '@ember/contracts/wallet';
import { type FormEvent, useState } from 'react';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { notify } from '../../../components/ui/toast/notify.ts';
import { useTransferCredits } from '../api/transfer-credits.ts';
import styles from './gift-credits-card.module.css';

interface FieldErrors {
  targetDiscordId?: string;
  amount?: string;
}

interface PendingGift {
  targetDiscordId: string;
  amount: number;
  idempotencyKey: string;
}

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Checks the form with the server's own rules (spec §5): an empty receiver is 'Receivers discord id
 * was empty', an amount that is no whole number above 0 is 'Please enter a valid amount.'.
 */
export function checkCreditGift(receiver: string, amount: string) {
  const parsed = transferCreditsQuery.safeParse({ targetDiscordId: receiver, amount });
  if (parsed.success) return { ok: true as const, value: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return { ok: false as const, errors, message: parsed.error.issues[0]?.message ?? '' };
}

/** Spec §2 Gift credits: send credits to another account by Discord id, after a confirmation. */
export function GiftCreditsCard({ account }: { account: CurrentUser | undefined }) {
  const [receiver, setReceiver] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<PendingGift | null>(null);
  const transfer = useTransferCredits();

  const locked = account !== undefined && account.balance > 0 && account.transferableCredits === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkCreditGift(receiver, amount);
    if (!check.ok) {
      setErrors(check.errors);
      void notify.error(check.message);
      return;
    }
    setErrors({});
    setPending({ ...check.value, idempotencyKey: newIdempotencyKey() });
  }

  function confirm() {
    if (!pending || transfer.isPending) return;
    transfer.mutate(pending, {
      onSuccess: () => {
        setReceiver('');
        setAmount('');
      },
      onSettled: () => setPending(null),
    });
  }

  return (
    <Card title="Gift credits">
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Receiver's Discord ID"
          mono
          value={receiver}
          onChange={(event) => {
            setReceiver(event.target.value);
            setErrors((current) => ({ ...current, targetDiscordId: undefined }));
          }}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 314159265358979309"
          maxLength={32}
          error={errors.targetDiscordId}
        />
        <TextField
          label="Amount"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          inputMode="numeric"
          autoComplete="off"
          placeholder="Credits"
          maxLength={12}
          error={errors.amount}
          hint={
            account
              ? locked
                ? 'Credit gifts are locked for your account.'
                : `You can gift up to ${formatCredits(account.transferableCredits)} credits.`
              : '\u00a0'
          }
        />
        <Button
          type="submit"
          icon={<GiftIcon size={18} />}
          loading={transfer.isPending}
          disabled={locked}
          className={styles.submit}
        >
          Gift credits
        </Button>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title="Gift credits"
        message={
          pending
            ? `Send ${formatCredits(pending.amount)} ${pending.amount === 1 ? 'credit' : 'credits'} to Discord ID ${pending.targetDiscordId}? A gift cannot be taken back.`
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
