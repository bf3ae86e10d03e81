import {
  COMMERCE_PATHS,
  type CreateOrderBody,
  type OrderResponse,
  orderResponse,
} from '@ember/contracts/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { ORDERS_QUERY_KEY, PRODUCTS_QUERY_KEY } from '../../../lib/shared-query-keys.ts';

/** POST commerce /orders {amount, productId, extraInfo}: the server prices the order itself. */
export function createOrder(body: CreateOrderBody): Promise<OrderResponse> {
  return apiFetch('commerce', COMMERCE_PATHS.orders, orderResponse, { method: 'POST', body });
}

/** A new order shows in the buyer's history (and the products' stock may have moved). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
      ]);
    },
  });
}
