import {
  CREDITS_TRANSFERRED_MESSAGE,
  type TransferCreditsResponse,
  transferCreditsResponse,
} from '@ember/contracts/wallet';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { creditsCount } from '../../../lib/format/money.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';

export interface TransferCreditsInput {
  targetDiscordId: string;
  amount: number;
  /** One key per confirmed gift: a retried request is not a second gift. */
  idempotencyKey: string;
  /** How the success message names the receiver ('Vera VIP (@vip)'); not sent. */
  receiverName: string;
}

/** The spec's toast, then who received how much (issue 34, item 8: one message, naming the receiver). */
export function creditsGiftedMessage(amount: number, receiverName: string): string {
  return `${CREDITS_TRANSFERRED_MESSAGE} ${receiverName} received ${creditsCount(amount)}.`;
}

/** PUT shop /users/transfer-credits?targetDiscordId&amount: a credit gift to another account. */
export async function transferCredits({
  targetDiscordId,
  amount,
  idempotencyKey,
}: TransferCreditsInput): Promise<TransferCreditsResponse> {
  return apiFetch('shop', '/users/transfer-credits', transferCreditsResponse, {
    method: 'PUT',
    query: { targetDiscordId, amount },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The balance (nav included) and the ledger refresh after a gift. */
export const useTransferCredits = () =>
  useActionMutation({
    mutationFn: transferCredits,
    success: (_answer, { amount, receiverName }) => creditsGiftedMessage(amount, receiverName),
    refresh: [userKeys.me, transactionKeys.all],
  });
