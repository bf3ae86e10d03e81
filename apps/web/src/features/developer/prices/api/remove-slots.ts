import { type PriceResponse, priceResponse, SLOTS_REMOVED_MESSAGE } from '@ember/contracts/catalog';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

/** PUT shop /prices/{id}/remove-slots: the price becomes unlimited. */
export function removeSlots(priceId: number): Promise<PriceResponse> {
  return apiFetch('shop', `/prices/${priceId}/remove-slots`, priceResponse, { method: 'PUT' });
}

export const useRemoveSlots = () =>
  useActionMutation({
    mutationFn: removeSlots,
    success: SLOTS_REMOVED_MESSAGE,
    refresh: refreshDeveloperData,
  });
