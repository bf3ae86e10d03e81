import { type SubCount, subCountResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { subCountKeys } from '../../../../lib/query-keys/sub-counts.ts';

/** GET shop /sub-counts/price/{id}: the price dashboard's card, hidden numbers included. */
export function getPriceSubCount(priceId: number): Promise<SubCount> {
  return apiFetch('shop', `/sub-counts/price/${priceId}`, subCountResponse);
}

export function usePriceSubCount(priceId: number) {
  return useQuery(
    queryOptions({
      queryKey: subCountKeys.price(priceId),
      queryFn: () => getPriceSubCount(priceId),
    }),
  );
}
