import { subscriberCsvFilename } from '@ember/contracts/developer-statistics';
import { z } from '@ember/contracts/zod';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET shop /subscriptions/by-price/{priceId}/export: every subscriber of the price as CSV. */
export function exportSubscribers(priceId: number): Promise<string> {
  return apiFetch('shop', `/subscriptions/by-price/${priceId}/export`, z.string(), {
    headers: { Accept: 'text/csv' },
  });
}

/** Saves the CSV through a temporary link (the call needs the bearer token, so no plain href). */
function saveFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportSubscribers(priceId: number) {
  return useMutation({
    mutationFn: () => exportSubscribers(priceId),
    onSuccess: (csv) => saveFile(csv, subscriberCsvFilename(priceId)),
  });
}
