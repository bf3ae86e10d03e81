import {
  giftedMessage,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { transactionKeys } from '../../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../../lib/query-keys/users.ts';

/** POST shop /subscriptions/gift?discordId&priceId: the price for someone else, paid by the caller. */
export function giftPrice(input: { discordId: string; priceId: number }): Promise<SubscriptionResponse> {
  return apiFetch('shop', '/subscriptions/gift', subscriptionResponse, { method: 'POST', query: input });
}

/** The success message names the price (spec §8) and who received it (issue 34, item 8). */
export function useGiftPrice(priceName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giftPrice,
    onSuccess: (gift) => {
      void notify.success(giftedMessage(priceName, `@${gift.user.username}`));
      return Promise.all([
        refreshDeveloperData(queryClient),
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}
