import {
  CREDITS_TRANSFERRED_MESSAGE,
  type TransferCreditsResponse,
  transferCreditsResponse,
} from '@ember/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';

export interface TransferCreditsInput {
  targetDiscordId: string;
  amount: number;
  /** One key per confirmed gift: a retried request is not a second gift. */
  idempotencyKey: string;
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
export function useTransferCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferCredits,
    onSuccess: async () => {
      void notify.success(CREDITS_TRANSFERRED_MESSAGE);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}
