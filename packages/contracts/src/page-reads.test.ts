import { describe, expect, it } from 'vitest';
import { plansQuery } from './catalog.ts';
import { pageReadsOf, shopApiPathOf } from './page-reads.ts';
import { DEFAULT_SHOP_FILTERS, plansRequestOf } from './shop-search.ts';

describe('what a rendered page reads (decision 0046)', () => {
  it("reads a shop address's filters into the plans read, then the labels", () => {
    const reads = pageReadsOf(
      { page: 'shop' },
      '?name=miner&labels=15,2&developers=12&rating=4&price=under5&sort=price&page=2&size=50',
    );
    expect(reads).toEqual([
      {
        read: 'plans',
        filters: {
          name: 'miner',
          labelIds: [2, 15],
          developers: ['12'],
          minRating: 4,
          price: 'under5',
          sort: 'price',
          page: 2,
          size: 50,
        },
      },
      { read: 'labels' },
    ]);
    expect(reads.map(shopApiPathOf)).toEqual([
      '/plans?page=2&size=50&sort=price%2Casc&name=miner&discordIds=12&labelIds=2%2C15&minRating=4&maxPrice=499',
      '/labels',
    ]);
  });

  it('asks the plans route for what the shop state means, as the route reads it', () => {
    const filters = { ...DEFAULT_SHOP_FILTERS, name: 'miner', labelIds: [2, 15], developers: ['12'] };
    expect(plansQuery.parse(plansRequestOf(filters))).toMatchObject({
      page: 0,
      size: 25,
      name: 'miner',
      discordIds: ['12'],
      labelIds: [2, 15],
    });
  });

  it('reads a plan and its counts for a plan page, nothing for /device', () => {
    expect(pageReadsOf({ page: 'plan', planId: 7 }, '')).toEqual([
      { read: 'plan', planId: 7 },
      { read: 'planSubCounts', planId: 7 },
    ]);
    expect(pageReadsOf({ page: 'device' }, '?code=WDJB-MJHT')).toEqual([]);
  });
});
