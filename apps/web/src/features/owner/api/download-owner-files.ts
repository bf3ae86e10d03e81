import {
  BALANCES_EXPORT_FILENAME,
  PAYOUTS_BATCH_FILENAME,
  payoutReceiptFilename,
  payoutReceiptPath,
} from '@ember/contracts/exports';
import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download.ts';

/** GET commerce /balance-exporter/export (the owner): every account's balances, saved as export.csv. */
export function downloadBalances(): Promise<string> {
  return downloadApiFile('commerce', '/balance-exporter/export', BALANCES_EXPORT_FILENAME, {
    headers: { Accept: 'text/csv' },
  });
}

/** GET commerce /payouts/batch (the owner): the pending payouts, saved as the server names the file. */
export function downloadPendingPayouts(): Promise<string> {
  return downloadApiFile('commerce', '/payouts/batch', PAYOUTS_BATCH_FILENAME, {
    headers: { Accept: 'text/csv' },
  });
}

/** GET commerce /payouts/{id}/receipt: the payout's PDF receipt, payout-receipt-{id}.pdf. */
export function downloadPayoutReceipt(id: number): Promise<string> {
  return downloadApiFile('commerce', payoutReceiptPath(id), payoutReceiptFilename(id), {
    headers: { Accept: 'application/pdf' },
  });
}

// A failed download is toasted by the app's action error policy (every failed mutation is).
export const useDownloadBalances = () => useMutation({ mutationFn: downloadBalances });
export const useDownloadPendingPayouts = () => useMutation({ mutationFn: downloadPendingPayouts });
export const useDownloadPayoutReceipt = (id: number) =>
  useMutation({ mutationFn: () => downloadPayoutReceipt(id) });
