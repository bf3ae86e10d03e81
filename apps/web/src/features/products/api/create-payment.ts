import { COMMERCE_PATHS, createPaymentResponse } from '@ember/contracts/commerce';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST commerce /payments?orderId: opens a checkout with the order's processor. Spec §7: the
 * payment page's address is the answer's Location header (the body names it too).
 */
export async function createPayment(orderId: number): Promise<string> {
  const { data, headers } = await apiRequest('commerce', COMMERCE_PATHS.payments, createPaymentResponse, {
    method: 'POST',
    query: { orderId },
  });
  return headers.get('Location') ?? data.checkoutUrl;
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
