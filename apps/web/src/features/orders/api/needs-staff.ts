import { orderResponse, ordersNeedingStaffResponse } from '@ember/contracts/commerce';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
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
export function useResolveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      apiFetch('commerce', `/orders/${orderId}/resolve`, orderResponse, {
        method: 'PUT',
      }),
    onSuccess: async () => {
      void notify.success('Marked as resolved.');
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
