import { firstShopReads } from '@ember/contracts/page-preloads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLabels } from '../features/shop/api/get-labels.ts';
import { getPlans } from '../features/shop/api/get-plans.ts';
import { DEFAULT_SHOP_FILTERS } from '../features/shop/utils/shop-search-params.ts';
import { getPlan } from '../lib/plans/get-plan.ts';
import { getPlanSubCounts } from '../lib/plans/get-plan-sub-counts.ts';
import { testPublicConfig } from '../test/test-public-config.ts';

// The server preloads a guest's first API reads of /shop and /shop/{id} (firstShopReads). A preload
// is only used when the page then asks for exactly that URL: these are the fetchers those pages
// start with, so a change to either side that breaks the match fails here.

afterEach(() => vi.restoreAllMocks());

/** The URLs `run` fetched (its answers are broken on purpose; only the requests matter). */
async function urlsFetchedBy(run: () => Promise<unknown>): Promise<string[]> {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
  await run().catch(() => {});
  const urls = fetchSpy.mock.calls.map(([input]) => String(input));
  fetchSpy.mockRestore();
  return urls;
}

const shopBase = testPublicConfig.api.shop.replace(/\/$/, '');

describe('the API reads the server preloads are the ones the pages make', () => {
  it('/shop: the default first page of plans, then the labels', async () => {
    const [plansRead, labelsRead] = firstShopReads('/shop');
    expect(await urlsFetchedBy(() => getPlans(DEFAULT_SHOP_FILTERS))).toEqual([`${shopBase}${plansRead}`]);
    expect(await urlsFetchedBy(() => getLabels())).toEqual([`${shopBase}${labelsRead}`]);
  });

  it('/shop/{id}: the plan and its subscriber counts', async () => {
    const [planRead, countsRead] = firstShopReads('/shop/3');
    expect(await urlsFetchedBy(() => getPlan(3))).toEqual([`${shopBase}${planRead}`]);
    expect(await urlsFetchedBy(() => getPlanSubCounts(3))).toEqual([`${shopBase}${countsRead}`]);
  });
});
