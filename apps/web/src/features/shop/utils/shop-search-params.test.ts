import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_FILTERS,
  parseShopSearch,
  type ShopFilters,
  toggleValue,
  toShopSearch,
} from './shop-search-params.ts';

const parse = (query: string) => parseShopSearch(new URLSearchParams(query));

describe('the shop state in the URL', () => {
  it('round-trips every filter, the page and the page size', () => {
    const filters: ShopFilters = {
      name: 'miner',
      labelIds: [2, 15],
      developers: ['314159265358979301', '314159265358979307'],
      minRating: 4,
      price: 'under5',
      sort: 'price',
      page: 3,
      size: 50,
    };
    const query = toShopSearch(filters).toString();
    expect(query).toBe(
      'name=miner&labels=2%2C15&developers=314159265358979301%2C314159265358979307&rating=4&price=under5&sort=price&page=3&size=50',
    );
    expect(parseShopSearch(new URLSearchParams(query))).toEqual(filters);
  });

  it('leaves the defaults out, so /shop is the plain list', () => {
    expect(toShopSearch(DEFAULT_SHOP_FILTERS).toString()).toBe('');
    expect(parse('')).toEqual(DEFAULT_SHOP_FILTERS);
  });

  it('defaults to page 0 and 25 plans per page', () => {
    expect(parse('')).toMatchObject({ page: 0, size: 25 });
  });

  it.each([
    ['page=-1', { page: 0 }],
    ['page=abc', { page: 0 }],
    ['page=1.5', { page: 0 }],
    ['size=7', { size: 25 }],
    ['size=1000', { size: 25 }],
    ['size=100', { size: 100 }],
    ['labels=3,abc,99,3,1', { labelIds: [1, 3] }],
    ['developers=12,not-an-id,12', { developers: ['12'] }],
    ['labels=5&labels=4', { labelIds: [4, 5] }],
    ['sort=cheapest', { sort: 'popular' }],
    ['sort=newest', { sort: 'newest' }],
  ])('reads the malformed or repeated %s sensibly', (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });

  it.each(['free', 'helper', 'bundle'])('turns ?category=%s into that search text', (category) => {
    expect(parse(`category=${category}`).name).toBe(category);
  });

  it('ignores unknown categories and lets an explicit name win', () => {
    expect(parse('category=weapons').name).toBe('');
    expect(parse('category=free&name=miner').name).toBe('miner');
  });

  it('writes the category back as a plain search', () => {
    expect(toShopSearch(parse('category=bundle')).toString()).toBe('name=bundle');
  });

  it('toggles a value in a filter list', () => {
    expect(toggleValue([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleValue([1, 2], 1)).toEqual([2]);
  });
});
