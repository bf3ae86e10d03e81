import { describe, expect, it } from 'vitest';
import { isPageRoute, matchPageRoute, pageRouteNameOf, parsePlanId, renderedRouteOf } from './page-routes.ts';

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

describe('pageRouteNameOf', () => {
  it.each([
    ['/', 'home'],
    ['/shop', 'shop'],
    ['/shop/3', 'plan'],
    ['/developer/plan/1/price/2', 'developerPrice'],
    ['/nowhere', null],
  ])('%s is %s', (pathname, name) => {
    expect(pageRouteNameOf(pathname)).toBe(name);
  });
});

describe('parsePlanId', () => {
  it.each([
    ['10', 10],
    ['1', 1],
    ['03', 3],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['1e3', null],
    ['99999999999', null],
    [undefined, null],
  ])('reads %j as %j', (raw, id) => {
    expect(parsePlanId(raw)).toBe(id);
  });
});

describe('renderedRouteOf', () => {
  it.each([
    ['/shop', { page: 'shop' }],
    ['/shop/', { page: 'shop' }],
    ['/shop/3', { page: 'plan', planId: 3 }],
    ['/shop/abc', null],
    ['/shop/3/extra', null],
    ['/', null],
    ['/account', null],
    ['/device', { page: 'device' }],
    ['/device/extra', null],
  ])('%s is rendered as %j', (pathname, route) => {
    expect(renderedRouteOf(pathname)).toEqual(route);
  });
});
