import type { OrderResponse } from '@ember/contracts/commerce';
import { isFinalOrderStatus } from '@ember/contracts/order-status';
import { useQuery } from '@tanstack/react-query';
import { checkOrder } from '../../../lib/orders/order-payments.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { keyedQueryOptions } from '../../../lib/query-options.ts';

/** How often the checkout return page asks again while the order is not settled. */
export const CHECK_ORDER_INTERVAL_MS = 2000;
/** After this long the page stops asking by itself and offers 'Check again'. */
export const CHECK_ORDER_GIVE_UP_MS = 5 * 60_000;

/**
 * No processor has anything more to say: a final status, paid and waiting for our staff
 * (processing: a GP delivery), or an order paid in GP waiting for its in-game trade.
 */
export const isSettledForBuyer = (order: OrderResponse) =>
  isFinalOrderStatus(order.orderStatus) ||
  order.orderStatus === 'processing' ||
  (order.paymentProcessor === 'GP' && order.orderStatus === 'pending');

export const checkOrderQueryOptions = keyedQueryOptions(orderKeys.check, checkOrder);

/**
 * The order's real status, asked again every 2 s until it is settled (completed, failed, ... or
 * waiting for staff), for at most 5 minutes from `since`, and never past the order's pay-by time
 * (the page then asks once more, and the server expires it).
 */
export function useCheckedOrder(orderId: number, since: number) {
  return useQuery({
    ...checkOrderQueryOptions(orderId),
    refetchInterval: (query) => {
      const order = query.state.data;
      if (query.state.status === 'error') return false;
      if (order && isSettledForBuyer(order)) return false;
      if (order?.payBy && Date.parse(order.payBy) <= Date.now()) return false;
      return Date.now() - since < CHECK_ORDER_GIVE_UP_MS ? CHECK_ORDER_INTERVAL_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}
