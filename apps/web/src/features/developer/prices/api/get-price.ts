import { type PriceResponse, priceResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { priceKeys } from '../../../../lib/query-keys/prices.ts';

/** GET shop /prices/{id}: any price of theirs for its owner and admins (404 for others' hidden ones). */
export function getPrice(id: number): Promise<PriceResponse> {
  return apiFetch('shop', `/prices/${id}`, priceResponse);
}

/** Not retried: a price that cannot be loaded sends the visitor away. */
export function useDeveloperPrice(id: number | null) {
  return useQuery({
    ...queryOptions({ queryKey: priceKeys.detail(id ?? 0), queryFn: () => getPrice(id ?? 0) }),
    retry: false,
    enabled: id !== null,
  });
}
