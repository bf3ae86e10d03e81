import { subscriberCsvFilename } from '@ember/contracts/developer-statistics';
import { z } from '@ember/contracts/zod';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { saveBlob } from '../../../../lib/download.ts';

/** GET shop /subscriptions/by-price/{priceId}/export: every subscriber of the price as CSV. */
export function exportSubscribers(priceId: number): Promise<string> {
  return apiFetch('shop', `/subscriptions/by-price/${priceId}/export`, z.string(), {
    headers: { Accept: 'text/csv' },
  });
}

export function useExportSubscribers(priceId: number) {
  return useMutation({
    mutationFn: () => exportSubscribers(priceId),
    onSuccess: (csv) =>
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), subscriberCsvFilename(priceId)),
  });
}
