import type { SortOrder } from '@ember/contracts/paging';
import {
  type PayoutPage,
  type PayoutSortKey,
  type PayoutStatus,
  payoutPageResponse,
} from '@ember/contracts/payouts';
import { apiFetch } from '../../../lib/api-client.ts';
import { payoutKeys } from '../../../lib/query-keys/payouts.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

export interface AllPayoutsParams {
  /** From 0. */
  page: number;
  size: number;
  sort: { key: PayoutSortKey; order: SortOrder };
  /** Only the Pending (or Completed) payouts; every payout when omitted. */
  status?: PayoutStatus;
}

/** GET commerce /payouts/all?page&size&sort&status (the owner): every developer's payouts, newest first. */
export function getAllPayouts({ page, size, sort, status }: AllPayoutsParams): Promise<PayoutPage> {
  return apiFetch('commerce', '/payouts/all', payoutPageResponse, {
    query: { page, size, sort: `${sort.key},${sort.order}`, status },
  });
}

export const allPayoutsQueryOptions = keyedQueryOptions(payoutKeys.everyonePage, getAllPayouts);

/** Keeps the page on screen while the next one loads. */
export const useAllPayouts = (params: AllPayoutsParams) => usePagedQuery(allPayoutsQueryOptions(params));
