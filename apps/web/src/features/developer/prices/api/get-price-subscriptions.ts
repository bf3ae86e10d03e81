import {
  type SubscriptionPage,
  type SubscriptionSortKey,
  subscriptionPageResponse,
} from '@ember/contracts/subscriptions';
import { apiFetch } from '../../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../../lib/query-keys/subscriptions.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../../lib/query-options.ts';

export interface PriceSubscriptionsParams {
  priceId: number;
  /** From 0. */
  page: number;
  size: number;
  sort: { key: SubscriptionSortKey; order: 'asc' | 'desc' };
  /** Part of a username or display name, or a whole Discord ID; '' for every subscriber. */
  search: string;
}

/** GET shop /subscriptions/by-price/{priceId}?page&size&sort&search: one page of a price's subscribers. */
export function getPriceSubscriptions({
  priceId,
  page,
  size,
  sort,
  search,
}: PriceSubscriptionsParams): Promise<SubscriptionPage> {
  return apiFetch('shop', `/subscriptions/by-price/${priceId}`, subscriptionPageResponse, {
    query: { page, size, sort: `${sort.key},${sort.order}`, search: search || undefined },
  });
}

export const priceSubscriptionsQueryOptions = keyedQueryOptions(
  subscriptionKeys.byPrice,
  getPriceSubscriptions,
);

/** Keeps the page on screen while the next one loads. */
export const usePriceSubscriptions = (params: PriceSubscriptionsParams) =>
  usePagedQuery(priceSubscriptionsQueryOptions(params));
