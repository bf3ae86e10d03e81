import { describe, expect, it } from 'vitest';
import { firstShopReads } from './page-preloads.ts';

describe('firstShopReads', () => {
  it('names the first page of the shop and the labels for /shop without filters', () => {
    expect(firstShopReads('/shop')).toEqual(['/plans?page=0&size=25&sort=popular%2Cdesc', '/labels']);
    expect(firstShopReads('/shop/')).toEqual(['/plans?page=0&size=25&sort=popular%2Cdesc', '/labels']);
  });

  it('guesses nothing for a filtered shop list', () => {
    expect(firstShopReads('/shop', '?name=agility')).toEqual([]);
  });

  it('names the plan and its subscriber counts for /shop/{id}', () => {
    expect(firstShopReads('/shop/3')).toEqual(['/plans/3', '/sub-counts/plan/3']);
  });

  it('names what the plan page reads for an id written with a leading zero (it shows that plan)', () => {
    expect(firstShopReads('/shop/03')).toEqual(['/plans/3', '/sub-counts/plan/3']);
  });

  it.each(['/shop/0', '/shop/abc', '/shop/9999999999', '/', '/account', '/shop/3/extra'])(
    'names nothing for %s',
    (pathname) => {
      expect(firstShopReads(pathname)).toEqual([]);
    },
  );
});
