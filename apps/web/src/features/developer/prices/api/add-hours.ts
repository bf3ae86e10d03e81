import { addHoursToPriceResponse } from '@ember/contracts/subscriptions';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';

export type AddHoursInput =
  | { target: 'all'; priceId: number; hours: number }
  | { target: 'selected'; priceId: number; subscriptionIds: number[]; hours: number };

/**
 * PUT shop /subscriptions/add-hours?priceId&hours (every active subscription of the price), or
 * PUT /subscriptions/add-hours/selected?priceId&hours {subscriptionIds} for the ticked subscribers.
 */
export async function addHours(input: AddHoursInput): Promise<void> {
  const query = { priceId: input.priceId, hours: input.hours };
  if (input.target === 'all') {
    await apiFetch('shop', '/subscriptions/add-hours', addHoursToPriceResponse, { method: 'PUT', query });
    return;
  }
  await apiFetch('shop', '/subscriptions/add-hours/selected', addHoursToPriceResponse, {
    method: 'PUT',
    query,
    body: { subscriptionIds: input.subscriptionIds },
  });
}

/** The caller toasts and reloads the page (spec §9: 1 s after 'Hours added successfully'). */
export function useAddHours() {
  return useMutation({ mutationFn: addHours });
}
