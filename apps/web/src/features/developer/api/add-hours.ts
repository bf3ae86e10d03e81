import { addHoursToPriceResponse, subscriptionResponse } from '@ember/contracts/subscriptions';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export type AddHoursInput =
  | { target: 'all'; priceId: number; hours: number }
  | { target: 'selected'; subscriptionIds: number[]; hours: number };

/**
 * PUT shop /subscriptions/add-hours?priceId&hours (every active subscription of the price), or
 * PUT /subscriptions/{id}/add-hours?hours for each selected subscriber.
 */
export async function addHours(input: AddHoursInput): Promise<void> {
  if (input.target === 'all') {
    await apiFetch('shop', '/subscriptions/add-hours', addHoursToPriceResponse, {
      method: 'PUT',
      query: { priceId: input.priceId, hours: input.hours },
    });
    return;
  }
  await Promise.all(
    input.subscriptionIds.map((id) =>
      apiFetch('shop', `/subscriptions/${id}/add-hours`, subscriptionResponse, {
        method: 'PUT',
        query: { hours: input.hours },
      }),
    ),
  );
}

/** The caller toasts and reloads the page (spec §9: 1 s after 'Hours added successfully'). */
export function useAddHours() {
  return useMutation({ mutationFn: addHours });
}
