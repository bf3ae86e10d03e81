import { type PricePurchases, pricePurchasesResponse } from '@ember/contracts/developer-statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';

/** GET shop /statistics/prices/{priceId}/purchases: this year's purchases of a price per month. */
export function getPricePurchases(priceId: number): Promise<PricePurchases> {
  return apiFetch('shop', `/statistics/prices/${priceId}/purchases`, pricePurchasesResponse);
}

/** Asked only while the Statistics modal is open. */
export function usePricePurchases(priceId: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({
      queryKey: developerKeys.priceStatistics(priceId),
      queryFn: () => getPricePurchases(priceId),
    }),
    enabled,
  });
}
