import type { CreatePriceBody, PriceResponse } from '@ember/contracts/catalog';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { shopApi } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { daysFromNow, givenPlan, givenPrice, givenSubscriptions } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const NOT_YOURS = REFUSAL_MESSAGES.NOT_YOURS;

const DEVELOPER = DEMO_USER_IDS.developer;

const ctx = useTestApp();

const { get, send } = shopApi(() => ctx);

/** A plan of the demo developer with a live price and a draft (disabled, hidden) one. */
async function developerPlan(state: { hidden?: boolean; enabled?: boolean } = {}) {
  const plan = await givenPlan(ctx, { ownerId: DEVELOPER, ...state });
  const live = await givenPrice(ctx, { planId: plan.id, name: 'Live' });
  const draft = await givenPrice(ctx, { planId: plan.id, name: 'Draft', enabled: false, hidden: true });
  const shelved = await givenPrice(ctx, { planId: plan.id, name: 'Shelved', enabled: true, hidden: true });
  return { plan, live, draft, shelved };
}

const priceBody = (planId: number): CreatePriceBody => ({
  planId,
  name: 'Monthly',
  description: 'One month.',
  period: 'MONTHLY',
  price: 999,
  promoExtraDays: 3,
  promoDiscountPercent: 15,
  vipOnly: false,
  extensionPrice: 900,
  extensionAllowed: true,
  slots: 10,
  exposeSubCount: true,
  enabled: true,
  hidden: false,
});

const idsOf = (prices: PriceResponse[]) => prices.map((price) => price.id);

describe('GET /prices?planId', () => {
  it("gives guests a listed plan's enabled, shown prices and the owner and admins all of them", async () => {
    const { plan, live, draft, shelved } = await developerPlan();
    expect(idsOf((await get(`/prices?planId=${plan.id}`)).json())).toEqual([live.id]);
    expect(idsOf((await get(`/prices?planId=${plan.id}`, await asUser(ctx, 'premium'))).json())).toEqual([
      live.id,
    ]);
    const all = [live.id, draft.id, shelved.id];
    expect(idsOf((await get(`/prices?planId=${plan.id}`, await asUser(ctx, 'developer'))).json())).toEqual(
      all,
    );
    expect(idsOf((await get(`/prices?planId=${plan.id}`, await asUser(ctx, 'admin'))).json())).toEqual(all);
  });

  it('answers 404 for a hidden plan except to its owner, and 400 without a plan id', async () => {
    const { plan } = await developerPlan({ hidden: true });
    expect((await get(`/prices?planId=${plan.id}`)).statusCode).toBe(404);
    expect((await get(`/prices?planId=${plan.id}`, await asUser(ctx, 'developer'))).statusCode).toBe(200);
    const missing = await get('/prices');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'The plan id must be a positive whole number.' });
  });
});

describe('GET /prices/my', () => {
  it('gives a developer their own prices, of one plan when asked', async () => {
    const { plan, live, draft, shelved } = await developerPlan();
    const other = await givenPlan(ctx, { ownerId: DEMO_USER_IDS.premium });
    await givenPrice(ctx, { planId: other.id });

    const developer = await asUser(ctx, 'developer');
    const own = (await get('/prices/my', developer)).json() as PriceResponse[];
    expect(own.every((price) => price.ownerId === DEVELOPER)).toBe(true);
    expect(idsOf(own)).toEqual(expect.arrayContaining([live.id, draft.id, shelved.id]));
    expect(idsOf((await get(`/prices/my?planId=${plan.id}`, developer)).json())).toEqual([
      live.id,
      draft.id,
      shelved.id,
    ]);
    expect((await get(`/prices/my?planId=${other.id}`, developer)).json()).toEqual([]);
  });

  it('needs a signed-in developer', async () => {
    expect((await get('/prices/my')).statusCode).toBe(401);
    expect((await get('/prices/my', await asUser(ctx, 'customer'))).statusCode).toBe(403);
  });
});

describe('GET /prices/{id}', () => {
  it('shows a buyable price to anyone and an unlisted one only to its owner and admins', async () => {
    const { live, draft } = await developerPlan();
    expect((await get(`/prices/${live.id}`)).json()).toMatchObject({ id: live.id, ownerId: DEVELOPER });
    expect((await get(`/prices/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/prices/${draft.id}`, await asUser(ctx, 'premium'))).statusCode).toBe(404);
    expect((await get(`/prices/${draft.id}`, await asUser(ctx, 'developer'))).statusCode).toBe(200);
    expect((await get(`/prices/${draft.id}`, await asUser(ctx, 'admin'))).statusCode).toBe(200);
  });

  it('hides the prices of a hidden plan from guests', async () => {
    const { live } = await developerPlan({ enabled: false });
    expect((await get(`/prices/${live.id}`)).json()).toEqual({ message: `No price with id ${live.id}.` });
  });
});

describe('POST /prices', () => {
  it('always creates a disabled, hidden price, whatever the body says', async () => {
    const { plan } = await developerPlan();
    const res = await send('POST', '/prices', await asUser(ctx, 'developer'), priceBody(plan.id));
    expect(res.statusCode, res.body).toBe(201);
    const price = res.json() as PriceResponse;
    expect(price).toEqual({
      id: expect.any(Number),
      planId: plan.id,
      ownerId: DEVELOPER,
      name: 'Monthly',
      description: 'One month.',
      period: 'MONTHLY',
      price: 999,
      finalPrice: 849,
      promoDiscountPercent: 15,
      promoExtraDays: 3,
      vipOnly: false,
      extensionPrice: 900,
      extensionAllowed: true,
      slots: 10,
      exposeSubCount: true,
      enabled: false,
      hidden: true,
    });
    expect((await get(`/prices/${price.id}`)).statusCode).toBe(404);
  });

  it('fills the optional fields with their defaults and has no final price without a promo', async () => {
    const { plan } = await developerPlan();
    const res = await send('POST', '/prices', await asUser(ctx, 'admin'), {
      planId: plan.id,
      name: 'Lifetime',
      period: 'LIFETIME',
      price: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      description: '',
      finalPrice: null,
      promoDiscountPercent: 0,
      promoExtraDays: 0,
      extensionPrice: null,
      extensionAllowed: false,
      slots: null,
      exposeSubCount: false,
      vipOnly: false,
    });
  });

  it.each([
    ['a negative price', { price: -1 }, 'The price must be a whole number of credits, 0 or more.'],
    ['a fractional price', { price: 9.5 }, 'The price must be a whole number of credits, 0 or more.'],
    ['a price given as text', { price: '100' }, 'The price must be a whole number of credits, 0 or more.'],
    [
      'a promo above 100%',
      { promoDiscountPercent: 101 },
      'The promo discount must be a whole percent from 0 to 100.',
    ],
    [
      'a negative promo',
      { promoDiscountPercent: -5 },
      'The promo discount must be a whole percent from 0 to 100.',
    ],
    ['negative extra days', { promoExtraDays: -1 }, 'Promo extra days must be a whole number, 0 or more.'],
    ['negative slots', { slots: -1 }, 'Slots must be empty (unlimited) or a whole number, 0 or more.'],
    [
      'an unknown period',
      { period: 'HOURLY' },
      'The period must be one of SIX_HOURS, DAILY, WEEKLY, MONTHLY, YEARLY, LIFETIME.',
    ],
    ['a blank name', { name: ' ' }, 'Price name was empty.'],
    ['extensions without a price', { extensionPrice: null }, 'Set an extension price to allow extensions.'],
    [
      'a negative extension price',
      { extensionPrice: -10 },
      'The extension price must be a whole number of credits, 0 or more.',
    ],
  ])('refuses %s with a clear message', async (_case, change, message) => {
    const { plan } = await developerPlan();
    const res = await send('POST', '/prices', await asUser(ctx, 'developer'), {
      ...priceBody(plan.id),
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it("refuses a price on another developer's plan, for customers, and on an unknown plan", async () => {
    const { plan } = await developerPlan();
    const other = await send('POST', '/prices', await asUser(ctx, 'premium'), priceBody(plan.id));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: NOT_YOURS });
    expect(
      (await send('POST', '/prices', await asUser(ctx, 'customer'), priceBody(plan.id))).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/prices', await asUser(ctx, 'developer'), priceBody(2147483647))).statusCode,
    ).toBe(404);
  });
});

describe('PUT /prices/{priceId}', () => {
  it('lets the owner edit every field and show the price', async () => {
    const { plan, draft } = await developerPlan();
    const res = await send('PUT', `/prices/${draft.id}`, await asUser(ctx, 'developer'), {
      ...priceBody(plan.id),
      priceId: draft.id,
      name: 'Renamed',
      price: 100,
      promoDiscountPercent: 33,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: draft.id,
      name: 'Renamed',
      price: 100,
      finalPrice: 67,
      enabled: true,
      hidden: false,
    });
    expect((await get(`/prices/${draft.id}`)).statusCode).toBe(200);
  });

  it('keeps enabled and hidden when the body leaves them out', async () => {
    const { plan, draft } = await developerPlan();
    const { enabled: _enabled, hidden: _hidden, ...rest } = priceBody(plan.id);
    const res = await send('PUT', `/prices/${draft.id}`, await asUser(ctx, 'admin'), {
      ...rest,
      priceId: draft.id,
    });
    expect(res.json()).toMatchObject({ enabled: false, hidden: true });
  });

  it('refuses a mismatched price id, a move to another plan and another developer', async () => {
    const { plan, live } = await developerPlan();
    const owner = await asUser(ctx, 'developer');
    const mismatch = await send('PUT', `/prices/${live.id}`, owner, {
      ...priceBody(plan.id),
      priceId: live.id + 1,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: 'The price id in the body does not match the address.' });
    const move = await send('PUT', `/prices/${live.id}`, owner, { ...priceBody(3), priceId: live.id });
    expect(move.json()).toEqual({ message: 'A price cannot be moved to another plan.' });
    const other = await send('PUT', `/prices/${live.id}`, await asUser(ctx, 'premium'), {
      ...priceBody(plan.id),
      priceId: live.id,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('DELETE /prices/{id}', () => {
  it('deletes a price without subscriptions', async () => {
    const { draft } = await developerPlan();
    expect((await send('DELETE', `/prices/${draft.id}`, await asUser(ctx, 'developer'))).statusCode).toBe(
      204,
    );
    expect((await get(`/prices/${draft.id}`, await asUser(ctx, 'developer'))).statusCode).toBe(404);
  });

  it('refuses a price with active or past subscriptions with 409', async () => {
    const { live, shelved } = await developerPlan();
    await givenSubscriptions(ctx, live, [{}]);
    const active = await send('DELETE', `/prices/${live.id}`, await asUser(ctx, 'developer'));
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({
      message: 'This price has 1 active subscription, so it cannot be deleted. Hide or disable it instead.',
    });
    await givenSubscriptions(ctx, shelved, [{ startDate: daysFromNow(-40), expireDate: daysFromNow(-10) }]);
    const past = await send('DELETE', `/prices/${shelved.id}`, await asUser(ctx, 'admin'));
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toMatch(/past subscriptions/);
  });

  it("refuses another developer's price", async () => {
    const { draft } = await developerPlan();
    expect((await send('DELETE', `/prices/${draft.id}`, await asUser(ctx, 'premium'))).statusCode).toBe(403);
    expect((await send('DELETE', `/prices/${draft.id}`, await asUser(ctx, 'customer'))).statusCode).toBe(403);
  });
});

describe('PUT /prices/{id}/remove-slots', () => {
  it('makes the price unlimited for its owner, and refuses anyone else', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    const limited = await givenPrice(ctx, { planId: plan.id, slots: 5 });
    expect(
      (await send('PUT', `/prices/${limited.id}/remove-slots`, await asUser(ctx, 'premium'))).statusCode,
    ).toBe(403);
    const res = await send('PUT', `/prices/${limited.id}/remove-slots`, await asUser(ctx, 'developer'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: limited.id, slots: null });
  });
});
