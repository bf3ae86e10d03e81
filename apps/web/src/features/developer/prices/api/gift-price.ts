import {
  giftedMessage,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { refreshStale, useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { transactionKeys } from '../../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../../lib/query-keys/users.ts';

/** POST shop /subscriptions/gift?discordId&priceId: the price for someone else, paid by the caller. */
export function giftPrice(input: { discordId: string; priceId: number }): Promise<SubscriptionResponse> {
  return apiFetch('shop', '/subscriptions/gift', subscriptionResponse, { method: 'POST', query: input });
}

/** The success message names the price (spec §8) and who received it (issue 34, item 8). */
export const useGiftPrice = (priceName: string) =>
  useActionMutation({
    mutationFn: giftPrice,
    success: (gift) => giftedMessage(priceName, `@${gift.user.username}`),
    refresh: (queryClient) =>
      Promise.all([
        refreshDeveloperData(queryClient),
        refreshStale(queryClient, [userKeys.me, transactionKeys.all]),
      ]),
  });
