import { type SubCount, subCountResponse } from '@ember/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { subCountKeys } from '../../../../lib/query-keys/sub-counts.ts';
import { keyedQueryOptions } from '../../../../lib/query-options.ts';

/** GET shop /sub-counts/price/{id}: the price dashboard's card, hidden numbers included. */
export function getPriceSubCount(priceId: number): Promise<SubCount> {
  return apiFetch('shop', `/sub-counts/price/${priceId}`, subCountResponse);
}

const priceSubCountQuery = keyedQueryOptions(subCountKeys.price, getPriceSubCount);

export const usePriceSubCount = (priceId: number) => useQuery(priceSubCountQuery(priceId));
