import { PLAN_DELETED_MESSAGE } from '@ember/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import {
  daysFromNow,
  givenPriceOf,
  givenSubscription,
  givenUser,
  grant,
} from '../../../test-support/test-data.ts';

// Acceptance (issue 10): every spec §5 message of the developer workspace, as the server answers
// a request the form would refuse (the forms show the same sentences from the same contracts).

let ctx: TestContext;
let headers: Record<string, string>;
let priceId: number;
let planId: number;
let subscriptionId: number;
let repositoryId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'] });
  await grant(ctx, developer.id, 100, 'EARNINGS');
  headers = await headersFor(ctx, developer.id);
  const { plan, price } = await givenPriceOf(ctx, developer.id);
  planId = plan.id;
  priceId = price.id;
  const customer = await givenUser(ctx);
  subscriptionId = (await givenSubscription(ctx, { userId: customer.id, planId, priceId })).id;
  const repo = await ctx.app.inject({
    method: 'POST',
    url: '/api/shop/plugin-repos',
    headers,
    payload: { url: 'https://github.com/messages/plugins' },
  });
  repositoryId = repo.json().id;
});

afterAll(async () => {
  await ctx?.close();
});

const answer = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, ...res.json() };
};

const code = (fields: object) => ({
  priceId,
  discountPercent: 10,
  maxUses: 0,
  validUntil: daysFromNow(10).toISOString(),
  ...fields,
});

describe('spec §5 messages of the developer workspace', () => {
  it.each([
    [
      'create plan, blank name',
      'POST',
      '/shop/plans',
      { name: ' ', description: 'x' },
      'Plan name was empty.',
    ],
    [
      'create plan, blank description',
      'POST',
      '/shop/plans',
      { name: 'x', description: '' },
      'Plan description was empty.',
    ],
    [
      'discount code, percent 0',
      'POST',
      '/shop/discount-codes',
      'code:{"discountPercent":0}',
      'Discount percent must be greater than 0',
    ],
    [
      'discount code, negative max uses',
      'POST',
      '/shop/discount-codes',
      'code:{"maxUses":-1}',
      'Max uses must be positive or zero.',
    ],
    [
      'discount code, valid until in the past',
      'POST',
      '/shop/discount-codes',
      'code:{"validUntil":"2020-01-01T00:00:00Z"}',
      'Valid until must be greater than today',
    ],
  ] as const)('%s', async (_name, method, url, body, message) => {
    const payload = typeof body === 'string' ? code(JSON.parse(body.slice(5))) : body;
    expect(await answer(method, url, payload)).toEqual({ status: 400, message });
  });

  it('payout: the amount must be a number above 0', async () => {
    for (const amount of ['abc', '0', '-1', '']) {
      expect(await answer('POST', `/commerce/payouts/request?amount=${amount}`)).toEqual({
        status: 400,
        message: 'Withdraw amount is not a valid number',
      });
    }
  });

  it('whitelist and blacklist add need a Discord id', async () => {
    for (const url of [
      `/shop/plans/${planId}/whitelist`,
      `/shop/plans/${planId}/blacklist`,
      `/shop/prices/${priceId}/whitelist?discordId=`,
      `/shop/prices/${priceId}/blacklist?discordId=%20`,
    ]) {
      expect(await answer('POST', url)).toEqual({ status: 400, message: 'Please enter a discord id' });
    }
  });

  it('add hours: above 0, and someone selected', async () => {
    const zero = 'Hours to add must be greater than 0';
    expect(await answer('PUT', `/shop/subscriptions/add-hours?priceId=${priceId}&hours=0`)).toEqual({
      status: 400,
      message: zero,
    });
    expect(await answer('PUT', `/shop/subscriptions/${subscriptionId}/add-hours?hours=-3`)).toEqual({
      status: 400,
      message: zero,
    });
    expect(
      await answer('PUT', `/shop/subscriptions/add-hours/selected?priceId=${priceId}&hours=2`, {
        subscriptionIds: [],
      }),
    ).toEqual({ status: 400, message: 'No subscribers selected' });
    expect(await answer('PUT', `/shop/subscriptions/add-hours?priceId=${priceId}&hours=2`)).toEqual({
      status: 200,
      message: 'Hours added successfully',
      updated: 1,
    });
  });

  it('gift price needs a receiver', async () => {
    expect(await answer('POST', `/shop/subscriptions/gift?priceId=${priceId}&discordId=%20`)).toEqual({
      status: 400,
      message: 'Please enter a valid discord id',
    });
  });

  it('obfuscator config must be valid JSON on edit', async () => {
    expect(
      await answer('PUT', `/shop/plugin-repos/${repositoryId}`, {
        id: repositoryId,
        obfuscatorConfig: '{nope',
      }),
    ).toEqual({ status: 400, message: 'Obfuscator config must be valid JSON' });
  });

  it('plan delete says it was deleted', async () => {
    const mine = await answer('POST', '/shop/plans', { name: 'Short lived', description: 'Gone soon' });
    expect(await answer('DELETE', `/shop/plans/${mine.id}`)).toEqual({
      status: 200,
      archived: false,
      message: PLAN_DELETED_MESSAGE,
    });
  });
});
