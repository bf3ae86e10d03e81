import { type DiscountCheck, discountCheckResponse } from '@ember/contracts/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { discountCodeKeys } from '../../../lib/query-keys/discount-codes.ts';

/** GET shop /subscriptions/discount-check: what a code takes off a price, without using it. */
export function checkDiscountCode(priceId: number, discountCode: string): Promise<DiscountCheck> {
  return apiFetch('shop', '/subscriptions/discount-check', discountCheckResponse, {
    query: { priceId, discountCode },
  });
}

export function discountCodeCheckQueryOptions(priceId: number, discountCode: string) {
  return queryOptions({
    queryKey: discountCodeKeys.check(priceId, discountCode),
    queryFn: () => checkDiscountCode(priceId, discountCode),
    // A refusal is an answer (shown under the field), not a glitch to retry.
    retry: false,
    staleTime: 60_000,
  });
}

export function useDiscountCodeCheck(
  priceId: number,
  discountCode: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...discountCodeCheckQueryOptions(priceId, discountCode), enabled });
}
