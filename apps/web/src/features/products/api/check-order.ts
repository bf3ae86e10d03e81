import { COMMERCE_PATHS, commercePath, type OrderResponse, orderResponse } from '@ember/contracts/commerce';
import { isFinalOrderStatus } from '@ember/contracts/order-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { ORDERS_QUERY_KEY } from '../../../lib/shared-query-keys.ts';

/** How often the checkout return page asks again while the order is not settled. */
export const CHECK_ORDER_INTERVAL_MS = 2000;
/** After this long the page stops asking by itself and offers 'Check again'. */
export const CHECK_ORDER_GIVE_UP_MS = 5 * 60_000;

/**
 * Nothing more happens by itself: a final status, or paid and waiting for our staff (processing:
 * a GP delivery).
 */
export const isSettledForBuyer = (order: OrderResponse) =>
  isFinalOrderStatus(order.orderStatus) || order.orderStatus === 'processing';

/**
 * POST commerce /orders/{id}/check: the server asks the processor about the order's latest payment
 * and fulfils it if it was paid (the same idempotent fulfilment as the webhooks), then answers the
 * order as it now is. Stripe's fulfilment guide recommends this on the return page.
 */
export function checkOrder(orderId: number): Promise<OrderResponse> {
  return apiFetch('commerce', commercePath(COMMERCE_PATHS.checkOrder, { id: orderId }), orderResponse, {
    method: 'POST',
  });
}

export function checkOrderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'check', orderId],
    queryFn: () => checkOrder(orderId),
  });
}

/**
 * The order's real status, asked again every 2 s until it is settled (completed, failed, ... or
 * waiting for staff), for at most 5 minutes from `since`.
 */
export function useCheckedOrder(orderId: number, since: number) {
  return useQuery({
    ...checkOrderQueryOptions(orderId),
    refetchInterval: (query) => {
      const order = query.state.data;
      if (query.state.status === 'error') return false;
      if (order && isSettledForBuyer(order)) return false;
      return Date.now() - since < CHECK_ORDER_GIVE_UP_MS ? CHECK_ORDER_INTERVAL_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}
