import {
  type CreatePriceBody,
  PRICE_CREATED_MESSAGE,
  PRICE_UPDATED_MESSAGE,
  type PriceResponse,
  priceResponse,
  type UpdatePriceBody,
} from '@ember/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';

import { refreshDeveloperData } from './developer-query-keys.ts';

/** POST shop /prices: the server creates it disabled and hidden (spec §4). */
export function createPrice(body: CreatePriceBody): Promise<PriceResponse> {
  return apiFetch('shop', '/prices', priceResponse, { method: 'POST', body });
}

/** PUT shop /prices/{priceId} with every field plus priceId. */
export function updatePrice(body: UpdatePriceBody): Promise<PriceResponse> {
  return apiFetch('shop', `/prices/${body.priceId}`, priceResponse, { method: 'PUT', body });
}

export function useCreatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrice,
    onSuccess: () => {
      void notify.success(PRICE_CREATED_MESSAGE);
      return refreshDeveloperData(queryClient);
    },
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
