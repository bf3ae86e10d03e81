import type { QueryClient } from '@tanstack/react-query';
import { developerKeys } from '../query-keys/developer.ts';
import { payoutKeys } from '../query-keys/payouts.ts';
import { planKeys } from '../query-keys/plans.ts';
import { priceKeys } from '../query-keys/prices.ts';
import { subCountKeys } from '../query-keys/sub-counts.ts';
import { subscriptionKeys } from '../query-keys/subscriptions.ts';

/**
 * After any change in the workspace: its own reads, the plans and prices (the shop's list and plan
 * pages read the same keys, so they show the change at once), the slot counts, the subscription
 * lists and the payouts (a refund moves earnings). The pages hold a handful of small reads, so
 * refreshing them all is cheaper than tracking which.
 */
export function refreshDeveloperData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      developerKeys.all,
      planKeys.all,
      priceKeys.all,
      subCountKeys.all,
      subscriptionKeys.all,
      payoutKeys.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
