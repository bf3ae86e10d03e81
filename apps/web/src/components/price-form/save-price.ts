import {
  type CreatePriceBody,
  PRICE_UPDATED_MESSAGE,
  type PriceResponse,
  priceResponse,
  type UpdatePriceBody,
} from '@ember/contracts/catalog';
import { useActionMutation } from '../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { refreshDeveloperData } from '../../lib/developer/refresh-developer-data.ts';

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
  return useActionMutation({ mutationFn: createPrice, refresh: refreshDeveloperData });
}

/** `quiet`: a switch (enable, show) that the row itself shows changed; no toast. */
export function useUpdatePrice({ quiet = false }: { quiet?: boolean } = {}) {
  return useActionMutation({
    mutationFn: updatePrice,
    success: quiet ? undefined : PRICE_UPDATED_MESSAGE,
    refresh: refreshDeveloperData,
  });
}
