import { orderResponse, ordersNeedingStaffResponse } from '@ember/contracts/commerce';
import { useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';

/** GET commerce /orders/needs-staff/count (PAYMENTS): the badge of the "Needs staff" filter. */
export function useOrdersNeedingStaff() {
  return useQuery({
    queryKey: orderKeys.needsStaffCount(),
    queryFn: () => apiFetch('commerce', '/orders/needs-staff/count', ordersNeedingStaffResponse),
    refetchInterval: 60_000,
  });
}

/** PUT commerce /orders/{id}/resolve (PAYMENTS, audited): staff settled what the order needed them for. */
export const useResolveOrder = () =>
  useActionMutation({
    mutationFn: (orderId: number) =>
      apiFetch('commerce', `/orders/${orderId}/resolve`, orderResponse, {
        method: 'PUT',
      }),
    success: 'Marked as resolved.',
    refresh: [orderKeys.all],
  });
