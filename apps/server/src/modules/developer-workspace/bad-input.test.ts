import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';

// Malformed requests to the developer workspace's own routes: always a 4xx with a sentence, never a 500.

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const REQUESTS: [Method, string, unknown?][] = [
  ['GET', '/shop/plugin-repos/abc'],
  ['GET', '/shop/plugin-repos/99999999999'],
  ['GET', '/shop/plugin-repos?ownerId=-1'],
  ['POST', '/shop/plugin-repos', []],
  ['POST', '/shop/plugin-repos', { url: 42 }],
  ['POST', '/shop/plugin-repos', { url: 'https://github.com/a/b', storm2: 'yes' }],
  ['POST', '/shop/plugin-repos', { url: 'https://github.com/a/b', accessToken: 'has space' }],
  ['PUT', '/shop/plugin-repos/4', { id: 5 }],
  ['PUT', '/shop/plugin-repos/4', { id: 4, obfuscatorConfig: [1, 2] }],
  ['PUT', '/shop/plugin-repos/4', { id: 4, obfuscatorConfig: '"just a string"' }],
  ['PUT', '/shop/plugin-repos/4', { id: 4, obfuscatorConfig: 'x'.repeat(30_000) }],
  ['GET', '/shop/plugins/by-repo/4?page=-1'],
  ['GET', '/shop/plugins/by-repo/4?size=0'],
  ['PUT', '/shop/plugins/24', { description: 5 }],
  ['POST', '/shop/plugin-links', { pluginId: 24 }],
  ['POST', '/shop/plugin-links?priceId=1.5', { pluginId: 24 }],
  ['POST', '/shop/plugin-links?priceId=1', { pluginId: '24' }],
  ['POST', '/shop/plugin-links?priceId=1', { pluginId: 24, sessions: 1.5 }],
  ['DELETE', '/shop/plugin-links/0'],
  ['GET', '/shop/statistics/prices/1/purchases?year=99999'],
  ['GET', '/shop/statistics/prices/0x1/purchases'],
  ['GET', '/shop/subscriptions/by-price/01/export'],
  ['PUT', '/shop/subscriptions/add-hours/selected?priceId=1&hours=5', { subscriptionIds: 'all' }],
  ['PUT', '/shop/subscriptions/add-hours/selected?priceId=1&hours=5', { subscriptionIds: [0] }],
  ['PUT', '/shop/subscriptions/add-hours/selected?priceId=1&hours=1e3', { subscriptionIds: [1] }],
  ['POST', '/commerce/payouts/request?amount=99999999999'],
  ['POST', '/commerce/payouts/request?amount=1&amount=2'],
  ['GET', '/commerce/payouts?sort=amount,sideways'],
  ['GET', '/commerce/payouts?size=1000'],
  ['GET', '/commerce/payouts/abc'],
  ['POST', '/commerce/payouts/5', { reference: '' }],
  ['DELETE', '/shop/plans/abc'],
];

describe('bad input to the developer workspace', () => {
  it.each(REQUESTS)('%s %s is a 4xx with a message', async (method, url, payload) => {
    for (const username of ['premium', 'owner'] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/api${url}`,
        headers: await asUser(ctx, username),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${username}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${username}: ${res.body}`).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
