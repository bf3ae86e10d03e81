import {
  type CreatePriceBody,
  PRICE_UPDATED_MESSAGE,
  type PriceResponse,
  priceResponse,
  type UpdatePriceBody,
} from '@ember/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { refreshDeveloperData } from '../../lib/developer/refresh-developer-data.ts';
import { notify } from '../../lib/toast/notify.ts';

/** POST shop /prices: the server creates it disabled and hidden (spec §4). */
export function createPrice(body: CreatePriceBody): Promise<PriceResponse> {
  return apiFetch('shop', '/prices', priceResponse, { method: 'POST', body });
}

/** PUT shop /prices/{priceId} with every field plus priceId. */
export function updatePrice(body: UpdatePriceBody): Promise<PriceResponse> {
  return apiFetch('shop', `/prices/${body.priceId}`, priceResponse, { method: 'PUT', body });
}

/**
 * No toast: the Prices card says 'Price created!' where the price appears, with why buyers cannot
 * see it yet and the switch that puts it on sale (issue 26).
 */
export function useCreatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrice,
    onSuccess: () => refreshDeveloperData(queryClient),
  });
}

/** `quiet`: a switch (enable, show) that the row itself shows changed; no toast. */
export function useUpdatePrice({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrice,
    onSuccess: () => {
      if (!quiet) void notify.success(PRICE_UPDATED_MESSAGE);
      return refreshDeveloperData(queryClient);
    },
  });
}
