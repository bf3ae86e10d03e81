import { orderFullResponse } from '@ember/contracts/commerce';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { keyedQueryOptions } from '../../../lib/query-options.ts';

/** GET commerce /orders/{id}/full: the order with its buyer and payment attempts. */
export function getOrderFull(orderId: number) {
  return apiFetch('commerce', `/orders/${orderId}/full`, orderFullResponse);
}

export const orderFullQueryOptions = keyedQueryOptions(orderKeys.full, getOrderFull);

export function useOrderFull(orderId: number) {
  return useQuery(orderFullQueryOptions(orderId));
}
