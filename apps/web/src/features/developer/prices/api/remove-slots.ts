import { type PriceResponse, priceResponse, SLOTS_REMOVED_MESSAGE } from '@ember/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

/** PUT shop /prices/{id}/remove-slots: the price becomes unlimited. */
export function removeSlots(priceId: number): Promise<PriceResponse> {
  return apiFetch('shop', `/prices/${priceId}/remove-slots`, priceResponse, { method: 'PUT' });
}

export function useRemoveSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSlots,
    onSuccess: () => {
      void notify.success(SLOTS_REMOVED_MESSAGE);
      return refreshDeveloperData(queryClient);
    },
  });
}
