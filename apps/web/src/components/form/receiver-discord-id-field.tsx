import { giftQuery } from '@ember/contracts/subscriptions';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from './form-text-field.tsx';

/** The receiver's Discord id as the server checks it: blank (after trimming) or malformed is refused. */
export const giftReceiverForm = giftQuery.pick({ discordId: true });
export type GiftReceiver = z.input<typeof giftReceiverForm>;

interface ReceiverDiscordIdFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  disabled?: boolean;
  hint?: ReactNode;
}

/** "Receiver's Discord ID" of the gifts (a price from the shop or its dashboard, credits from the account). */
export function ReceiverDiscordIdField<T extends FieldValues>({
  name,
  disabled,
  hint,
}: ReceiverDiscordIdFieldProps<T>) {
  return (
    <FormTextField<T>
      name={name}
      label="Receiver's Discord ID"
      mono
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      placeholder="e.g. 314159265358979309"
      maxLength={32}
      disabled={disabled}
      hint={hint}
    />
  );
}
