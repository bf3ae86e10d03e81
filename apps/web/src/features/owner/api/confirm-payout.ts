import {
  type ConfirmPayoutBody,
  PAYOUT_REQUEST_PROCESSED_MESSAGE,
  type PayoutResponse,
  payoutResponse,
} from '@ember/contracts/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { payoutKeys } from '../../../lib/query-keys/payouts.ts';
import { notify } from '../../../lib/toast/notify.ts';

/** POST commerce /payouts/{id} {reference} (the owner): a pending payout is paid and settled in the books. */
export function confirmPayout(id: number, body: ConfirmPayoutBody): Promise<PayoutResponse> {
  return apiFetch('commerce', `/payouts/${id}`, payoutResponse, { method: 'POST', body });
}

/** 'Payout request processed', then the open payout shows the answer and the table reads again. */
export function useConfirmPayout(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmPayoutBody) => confirmPayout(id, body),
    onSuccess: async (payout) => {
      void notify.success(PAYOUT_REQUEST_PROCESSED_MESSAGE);
      queryClient.setQueryData(payoutKeys.detail(id), payout);
      await queryClient.invalidateQueries({ queryKey: payoutKeys.everyone() });
    },
  });
}
