import {
  type EarningsResponse,
  earningsResponse,
  PAYOUT_REQUEST_CREATED_MESSAGE,
  type PayoutPage,
  type PayoutResponse,
  type PayoutSortKey,
  payoutPageResponse,
  payoutResponse,
} from '@ember/contracts/payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { payoutKeys } from '../../../../lib/query-keys/payouts.ts';

/** GET commerce /payouts/earnings: available, reserved, paid out, earned this month. */
export function getEarnings(): Promise<EarningsResponse> {
  return apiFetch('commerce', '/payouts/earnings', earningsResponse);
}

export function useEarnings() {
  return useQuery(queryOptions({ queryKey: payoutKeys.earnings(), queryFn: getEarnings }));
}

export interface MyPayoutsParams {
  page: number;
  size: number;
  sort: { key: PayoutSortKey; order: 'asc' | 'desc' };
}

/** GET commerce /payouts?page&size&sort: the caller's payouts, newest first. */
export function getMyPayouts({ page, size, sort }: MyPayoutsParams): Promise<PayoutPage> {
  return apiFetch('commerce', '/payouts', payoutPageResponse, {
    query: { page, size, sort: `${sort.key},${sort.order}` },
  });
}

export function useMyPayouts(params: MyPayoutsParams, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({ queryKey: payoutKeys.mine(params), queryFn: () => getMyPayouts(params) }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface RequestPayoutInput {
  amount: number;
  /** One key per confirmed request: a retry or a second press is not a second payout. */
  idempotencyKey: string;
}

/** POST commerce /payouts/request?amount: reserves the amount until the owner pays it. */
export function requestPayout({ amount, idempotencyKey }: RequestPayoutInput): Promise<PayoutResponse> {
  return apiFetch('commerce', '/payouts/request', payoutResponse, {
    method: 'POST',
    query: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const useRequestPayout = () =>
  useActionMutation({
    mutationFn: requestPayout,
    success: PAYOUT_REQUEST_CREATED_MESSAGE,
    refresh: [payoutKeys.all],
  });
