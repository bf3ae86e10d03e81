import { type CreateOrderBody, type OrderResponse, orderResponse } from '@ember/contracts/commerce';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { productKeys } from '../../../lib/query-keys/products.ts';

/** POST commerce /orders {amount, productId, extraInfo}: the server prices the order itself. */
export function createOrder(body: CreateOrderBody): Promise<OrderResponse> {
  return apiFetch('commerce', '/orders', orderResponse, { method: 'POST', body });
}

/** A new order shows in the buyer's history (and the products' stock may have moved). */
export const useCreateOrder = () =>
  useActionMutation({ mutationFn: createOrder, refresh: [orderKeys.all, productKeys.all] });
