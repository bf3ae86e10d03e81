import { type PayoutResponse, payoutResponse } from '@ember/contracts/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { payoutKeys } from '../../../lib/query-keys/payouts.ts';

/** GET commerce /payouts/{id}: one payout (its developer or the owner). */
export function getPayout(id: number): Promise<PayoutResponse> {
  return apiFetch('commerce', `/payouts/${id}`, payoutResponse);
}

export function payoutQueryOptions(id: number) {
  return queryOptions({ queryKey: payoutKeys.detail(id), queryFn: () => getPayout(id) });
}

/** The payout as the table row showed it at once, then as the server holds it now. */
export function usePayout(id: number, shown?: PayoutResponse) {
  return useQuery({ ...payoutQueryOptions(id), placeholderData: shown });
}
