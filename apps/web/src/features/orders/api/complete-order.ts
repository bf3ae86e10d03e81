import { ORDER_COMPLETED_MESSAGE, orderResponse } from '@ember/contracts/commerce';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';

/** PUT commerce /orders/{id}/complete (PAYMENTS): after the in-game trade; a second call changes nothing. */
export function completeOrder(orderId: number) {
  return apiFetch('commerce', `/orders/${orderId}/complete`, orderResponse, {
    method: 'PUT',
  });
}

/** 'Order completed successfully!', then the table and the open order read again. */
export const useCompleteOrder = () =>
  useActionMutation({
    mutationFn: completeOrder,
    success: ORDER_COMPLETED_MESSAGE,
    refresh: [orderKeys.all],
  });
