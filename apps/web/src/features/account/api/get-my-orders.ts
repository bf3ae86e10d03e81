import { COMMERCE_PATHS, type OrderResponse, ordersResponse } from '@ember/contracts/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { ORDERS_QUERY_KEY } from '../../../lib/shared-query-keys.ts';

/** GET commerce /orders/my: the signed-in user's orders of credits, GP and VIP, newest first. */
export function getMyOrders(): Promise<OrderResponse[]> {
  return apiFetch('commerce', COMMERCE_PATHS.myOrders, ordersResponse);
}

export function myOrdersQueryOptions() {
  return queryOptions({ queryKey: [...ORDERS_QUERY_KEY, 'my'], queryFn: getMyOrders });
}

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}
