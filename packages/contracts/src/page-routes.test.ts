import { describe, expect, it } from 'vitest';
import { isPageRoute, matchPageRoute } from './page-routes.ts';

describe('page routes', () => {
  it.each([
    '/',
    '/shop',
    '/shop/',
    '/SHOP',
    '/shop/3',
    '/shop/not-a-plan',
    '/tos',
    '/products/vip',
    '/checkout/42',
    '/developer/plan/4/price/9',
    '/session-logs',
  ])('%s is a page of the app', (pathname) => {
    expect(isPageRoute(pathname)).toBe(true);
  });

  it.each(['/nope', '/shop/3/extra', '/shops', '//shop', '/developer/plan', '/api/shop/plans', '/tos.md'])(
    '%s is no page of the app',
    (pathname) => {
      expect(isPageRoute(pathname)).toBe(false);
    },
  );

  it('names the parameters of a match', () => {
    expect(matchPageRoute('/developer/plan/:planId/price/:priceId', '/developer/plan/4/price/9')).toEqual({
      planId: '4',
      priceId: '9',
    });
  });
});
