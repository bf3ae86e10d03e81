import { type SubscriptionResponse, subscriptionResponse } from '@ember/contracts/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/auth/current-user-query-key.ts';
import { TRANSACTIONS_QUERY_KEY } from '../../../lib/shared-query-keys.ts';
import { giftedPriceMessage } from '../utils/messages.ts';
import { refreshDeveloperData } from './developer-query-keys.ts';

/** POST shop /subscriptions/gift?discordId&priceId: the price for someone else, paid by the caller. */
export function giftPrice(input: { discordId: string; priceId: number }): Promise<SubscriptionResponse> {
  return apiFetch('shop', '/subscriptions/gift', subscriptionResponse, { method: 'POST', query: input });
}

/** The success message names the price (spec §8). */
export function useGiftPrice(priceName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giftPrice,
    onSuccess: () => {
      void notify.success(giftedPriceMessage(priceName));
      return Promise.all([
        refreshDeveloperData(queryClient),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
      ]);
    },
  });
}
