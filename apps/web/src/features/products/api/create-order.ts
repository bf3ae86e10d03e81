import { type CreateOrderBody, type OrderResponse, orderResponse } from '@ember/contracts/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { productKeys } from '../../../lib/query-keys/products.ts';

/** POST commerce /orders {amount, productId, extraInfo}: the server prices the order itself. */
export function createOrder(body: CreateOrderBody): Promise<OrderResponse> {
  return apiFetch('commerce', '/orders', orderResponse, { method: 'POST', body });
}

/** A new order shows in the buyer's history (and the products' stock may have moved). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
    },
  });
}
