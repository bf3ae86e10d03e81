import { type PayoutResponse, payoutResponse } from '@ember/contracts/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { OWNER_PAYOUTS_QUERY_KEY } from './owner-query-keys.ts';

/** GET commerce /payouts/{id}: one payout (its developer or the owner). */
export function getPayout(id: number): Promise<PayoutResponse> {
  return apiFetch('commerce', `/payouts/${id}`, payoutResponse);
}

export const payoutQueryKey = (id: number) => [...OWNER_PAYOUTS_QUERY_KEY, 'one', id] as const;

export function payoutQueryOptions(id: number) {
  return queryOptions({ queryKey: payoutQueryKey(id), queryFn: () => getPayout(id) });
}

/** The payout as the table row showed it at once, then as the server holds it now. */
export function usePayout(id: number, shown?: PayoutResponse) {
  return useQuery({ ...payoutQueryOptions(id), placeholderData: shown });
}
