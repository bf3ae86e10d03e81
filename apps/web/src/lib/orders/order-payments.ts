import { createPaymentResponse, type OrderResponse, orderResponse } from '@ember/contracts/commerce';
import { useEffect, useState } from 'react';
import { apiFetch, apiRequest } from '../api-client.ts';

// Shared: the products page pays a new order, and the buyer's order history and the order's own
// page (/checkout/{id}) continue to the payment of an unpaid order or cancel it (issue 26).

/** Only web addresses are followed: never a javascript: or data: URL, whatever the answer says. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * POST commerce /payments?orderId: opens a checkout with the order's processor, or answers the
 * same one while it is still open. Spec §7: the payment page's address is the answer's Location
 * header (the body names it too).
 */
export async function createPayment(orderId: number): Promise<string> {
  const { data, headers } = await apiRequest('commerce', '/payments', createPaymentResponse, {
    method: 'POST',
    query: { orderId },
  });
  const checkoutUrl = headers.get('Location') ?? data.checkoutUrl;
  if (!isWebAddress(checkoutUrl)) throw new Error('The payment page could not be opened.');
  return checkoutUrl;
}

/** Leaves the store for the processor's payment page. */
export function goToPayment(checkoutUrl: string): void {
  window.location.assign(checkoutUrl);
}

/**
 * PUT commerce /orders/{id}/cancel: the buyer cancels an order not paid yet. The server closes its
 * checkout and releases its stock at once; cancelling again changes nothing; a paid order is 409.
 */
export function cancelOrder(orderId: number): Promise<OrderResponse> {
  return apiFetch('commerce', `/orders/${orderId}/cancel`, orderResponse, {
    method: 'PUT',
  });
}

/**
 * POST commerce /orders/{id}/check: the server asks the processor about the order's latest payment
 * and fulfils it if it was paid (the same idempotent fulfilment as the webhooks); an unpaid order
 * past its pay-by time is expired on the spot. Answers the order as it now is.
 */
export function checkOrder(orderId: number): Promise<OrderResponse> {
  return apiFetch('commerce', `/orders/${orderId}/check`, orderResponse, {
    method: 'POST',
  });
}

/** Not paid yet and not over: a card or crypto order before its pay-by time, or a GP trade to come. */
export function isAwaitingPayment(order: OrderResponse, now: number = Date.now()): boolean {
  if (order.orderStatus !== 'pending' && order.orderStatus !== 'awaiting_payment') return false;
  if (order.paymentProcessor === 'GP') return true;
  return order.payBy !== null && Date.parse(order.payBy) > now;
}

/** setTimeout's longest delay (about 24.8 days). */
const LONGEST_TIMEOUT_MS = 2_147_483_647;

/**
 * True once `deadline` (an ISO time, or null for none) has passed; re-renders at that moment, so a
 * page left open flips by itself.
 */
export function useDeadlinePassed(deadline: string | null): boolean {
  const at = deadline === null ? null : Date.parse(deadline);
  const [passed, setPassed] = useState(() => at !== null && at <= Date.now());
  useEffect(() => {
    if (at === null) {
      setPassed(false);
      return;
    }
    const left = at - Date.now();
    setPassed(left <= 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setPassed(true), Math.min(left, LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [at]);
  return passed;
}
