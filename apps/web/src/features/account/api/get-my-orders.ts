import { type OrderResponse, ordersResponse } from '@ember/contracts/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { isAwaitingPayment } from '../../../lib/orders/order-payments.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';

/** GET commerce /orders/my: the signed-in user's orders of credits, GP and VIP, newest first. */
export function getMyOrders(): Promise<OrderResponse[]> {
  return apiFetch('commerce', '/orders/my', ordersResponse);
}

export function myOrdersQueryOptions() {
  return queryOptions({ queryKey: orderKeys.mine(), queryFn: getMyOrders });
}

/** How often the history asks again while an order waits for its payment. */
export const MY_ORDERS_POLL_MS = 15_000;

/**
 * The buyer's orders. While a card or crypto order waits for its payment, asked again every 15 s
 * (a payment made in another tab shows); the polling stops when none is left before its pay-by
 * time (issue 26, item 1).
 */
export function useMyOrders() {
  return useQuery({
    ...myOrdersQueryOptions(),
    refetchInterval: (query) => myOrdersPollInterval(query.state.data),
    refetchIntervalInBackground: false,
  });
}

/** 15 s while a card or crypto order is before its pay-by time and unpaid; else no polling. */
export function myOrdersPollInterval(
  orders: readonly OrderResponse[] | undefined,
  now: number = Date.now(),
): number | false {
  const waiting = orders?.some((order) => order.paymentProcessor !== 'GP' && isAwaitingPayment(order, now));
  return waiting ? MY_ORDERS_POLL_MS : false;
}
