import { giftQuery } from '@ember/contracts/subscriptions';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { FormTextField } from './form-text-field.tsx';

/** The receiver's Discord id as the server checks it: blank (after trimming) or malformed is refused. */
export const giftReceiverForm = giftQuery.pick({ discordId: true });
type GiftReceiver = z.input<typeof giftReceiverForm>;

/** "Receiver's Discord ID" of the gift dialogs (a plan's price from the shop, a price from its dashboard). */
export function ReceiverDiscordIdField({ disabled, hint }: { disabled?: boolean; hint?: ReactNode }) {
  return (
    <FormTextField<GiftReceiver>
      name="discordId"
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
