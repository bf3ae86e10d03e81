import { orderFullResponse } from '@ember/contracts/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';

/** GET commerce /orders/{id}/full: the order with its buyer and payment attempts. */
export function getOrderFull(orderId: number) {
  return apiFetch('commerce', `/orders/${orderId}/full`, orderFullResponse);
}

export function orderFullQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderKeys.full(orderId),
    queryFn: () => getOrderFull(orderId),
  });
}

export function useOrderFull(orderId: number) {
  return useQuery(orderFullQueryOptions(orderId));
}
