import {
  PLAN_ARCHIVED_MESSAGE,
  PLAN_DELETED_MESSAGE,
  PLAN_DESCRIPTION_EMPTY_MESSAGE,
  PLAN_NAME_EMPTY_MESSAGE,
  type PlanResponse,
} from '@ember/contracts/catalog';
import { PLAN_LABELS } from '@ember/contracts/labels';
import { DEMO_ACCOUNTS, DEMO_USER_IDS, STUDIO_ACCOUNTS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { shopApi } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  daysFromNow,
  givenPlan,
  givenPlanOnSale,
  givenPluginOnPrice,
  givenPrice,
  givenSubscriptions,
  givenUser,
} from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import { createProductTokens } from '../identity/product-token.ts';

const NOT_YOURS = REFUSAL_MESSAGES.NOT_YOURS;

const BRAND = 'Emberlight Test Brand';
const DEVELOPER = DEMO_USER_IDS.developer;
const PREMIUM = DEMO_USER_IDS.premium;
const discordIdOf = (username: string) =>
  [...DEMO_ACCOUNTS, ...STUDIO_ACCOUNTS].find((account) => account.username === username)?.discordId ?? '';

const ctx = useTestApp({ BRAND_NAME: BRAND });

const { get, send } = shopApi(() => ctx);

const shop = async (query: string) => {
  const res = await get(`/plans?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: PlanResponse[]; totalPages: number };
};

const validPlan = { name: 'Birdhouse Runs', description: 'Builds **birdhouses**.', tags: ['hunter'] };

describe('GET /plans (the shop)', () => {
  it('lists only plans on sale: enabled, shown and with a buyable price', async () => {
    const shown = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Listing Probe shown' });
    const hidden = await givenPlanOnSale(ctx, {
      ownerId: DEVELOPER,
      name: 'Listing Probe hidden',
      hidden: true,
    });
    const disabled = await givenPlanOnSale(ctx, {
      ownerId: DEVELOPER,
      name: 'Listing Probe disabled',
      enabled: false,
    });
    const priceless = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Listing Probe priceless' });
    const drafts = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Listing Probe drafts' });
    await givenPrice(ctx, { planId: drafts.id, enabled: false, hidden: true });
    await givenPrice(ctx, { planId: drafts.id, enabled: true, hidden: true });
    await givenPrice(ctx, { planId: drafts.id, enabled: false, hidden: false });

    expect((await shop('name=Listing Probe')).content.map((plan) => plan.id)).toEqual([shown.id]);

    const everything: PlanResponse[] = [];
    const first = await shop('size=100');
    for (let page = 0; page < first.totalPages; page++)
      everything.push(...(await shop(`size=100&page=${page}`)).content);
    const ids = everything.map((plan) => plan.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(priceless.id);
    expect(ids).not.toContain(drafts.id);
    expect(everything.every((plan) => plan.enabled && !plan.hidden && plan.fromPrice !== null)).toBe(true);
  });

  it('pages from 0 with totalPages computed from the filtered count', async () => {
    const created = [];
    for (let i = 1; i <= 7; i++)
      created.push(await givenPlanOnSale(ctx, { ownerId: PREMIUM, name: `Paging Probe ${i}` }));
    const pages = [
      await shop('name=paging probe&size=3&page=0'),
      await shop('name=paging probe&size=3&page=1'),
    ];
    pages.push(await shop('name=paging probe&size=3&page=2'));
    expect(pages.map((page) => page.totalPages)).toEqual([3, 3, 3]);
    expect(pages.map((page) => page.content.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.content.map((plan) => plan.id))).toEqual(
      created.map((plan) => plan.id),
    );

    expect(await shop('name=paging probe&size=3&page=3')).toEqual({
      content: [],
      totalPages: 3,
      totalElements: 7,
    });
    expect(await shop('name=no plan is called like this')).toEqual({
      content: [],
      totalPages: 0,
      totalElements: 0,
    });
    expect((await shop('name=paging probe&size=7')).totalPages).toBe(1);
  });

  it('defaults to 25 plans a page and allows up to 100', async () => {
    expect((await shop('')).content).toHaveLength(25);
    expect((await shop('size=100')).content.length).toBeGreaterThan(25);
    for (const size of ['0', '101', 'ten', '2.5']) {
      const res = await get(`/plans?size=${size}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The page size must be a whole number from 1 to 100.' });
    }
    const negativePage = await get('/plans?page=-1');
    expect(negativePage.statusCode).toBe(400);
    expect(negativePage.json()).toEqual({ message: 'The page must be a whole number, 0 or more.' });
  });

  it('sorts by an allowed key and order, and refuses any other key with a clear message', async () => {
    const b = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'sorting probe B' });
    const a = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Sorting Probe a' });
    const c = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Sorting Probe C' });
    const ids = async (sort: string) =>
      (await shop(`name=sorting probe&sort=${sort}`)).content.map((p) => p.id);

    expect(await ids('name')).toEqual([a.id, b.id, c.id]);
    expect(await ids('name,desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids('id,DESC')).toEqual([c.id, a.id, b.id]);
    expect(await ids('createdAt,asc')).toEqual([b.id, a.id, c.id]);

    const unknown = await get('/plans?sort=ownerId,asc');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: "Cannot sort by 'ownerId'. Sort by one of: name, id, createdAt, popular, price, rating.",
    });
    const badOrder = await get('/plans?sort=name,sideways');
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toEqual({ message: 'The sort order must be asc or desc.' });
  });

  it("answers each plan's lowest listed price after promo as fromPrice (null without one, to its owner)", async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'From Probe priced' });
    await givenPrice(ctx, { planId: plan.id, price: 4200 });
    await givenPrice(ctx, { planId: plan.id, price: 3780, promoDiscountPercent: 10 }); // pays 3,402
    await givenPrice(ctx, { planId: plan.id, price: 100, hidden: true });
    await givenPrice(ctx, { planId: plan.id, price: 50, enabled: false });
    const free = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'From Probe free' });
    await givenPrice(ctx, { planId: free.id, price: 0 });
    const bare = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'From Probe bare' });

    const fromOf = async (id: number) =>
      (await shop('name=from probe')).content.find((listed) => listed.id === id)?.fromPrice;
    expect(await fromOf(plan.id)).toBe(3402);
    expect(await fromOf(free.id)).toBe(0);
    expect(await fromOf(bare.id)).toBeUndefined(); // not on sale
    expect((await get(`/plans/${plan.id}`)).json().fromPrice).toBe(3402);
    const mine = (await get('/plans/my', await asUser(ctx, 'developer'))).json() as PlanResponse[];
    expect(mine.find((listed) => listed.id === bare.id)?.fromPrice).toBeNull();
  });

  it('sorts by price (cheapest first), by popularity (active subscriptions) and newest; the unpriced plan is not listed', async () => {
    const cheap = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Order Probe cheap' });
    const cheapPrice = await givenPrice(ctx, { planId: cheap.id, price: 100 });
    const dear = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Order Probe dear' });
    const dearPrice = await givenPrice(ctx, { planId: dear.id, price: 900 });
    const unpriced = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Order Probe unpriced' });
    await givenSubscriptions(ctx, dearPrice, [{}, {}, { expireDate: daysFromNow(-1) }]);
    await givenSubscriptions(ctx, cheapPrice, [
      {},
      { expireDate: daysFromNow(-3) },
      { expireDate: daysFromNow(-2) },
    ]);
    const ids = async (sort: string) =>
      (await shop(`name=order probe&sort=${sort}`)).content.map((listed) => listed.id);

    expect(await ids('price,asc')).toEqual([cheap.id, dear.id]);
    expect(await ids('price,desc')).toEqual([dear.id, cheap.id]);
    expect(await ids('popular,desc')).toEqual([dear.id, cheap.id]);
    expect(await ids('createdAt,desc')).toEqual([dear.id, cheap.id]);
    expect(await ids('id,asc')).not.toContain(unpriced.id);
  });

  it('matches part of the name, ignoring case, with % and _ taken literally', async () => {
    const percent = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Wildcard 100% Probe' });
    const underscore = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Wildcard_Probe' });
    const plain = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Wildcard Xprobe' });
    const ids = async (name: string) =>
      (await shop(`name=${encodeURIComponent(name)}`)).content.map((plan) => plan.id).sort((x, y) => x - y);

    expect(await ids('WILDCARD')).toEqual([percent.id, underscore.id, plain.id]);
    expect(await ids('card 100%')).toEqual([percent.id]);
    expect(await ids('wildcard_')).toEqual([underscore.id]);
    expect(await ids('%')).toEqual([percent.id]);
  });

  it('filters by owner Discord ids, comma-separated or repeated', async () => {
    const mine = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Owner Filter Probe dev' });
    const premiums = await givenPlanOnSale(ctx, { ownerId: PREMIUM, name: 'Owner Filter Probe premium' });
    await givenPlanOnSale(ctx, { ownerId: DEMO_USER_IDS.mossforge, name: 'Owner Filter Probe moss' });
    const ids = async (query: string) =>
      (await shop(`name=owner filter probe&${query}`)).content.map((p) => p.id);

    expect(await ids(`discordIds=${discordIdOf('developer')}`)).toEqual([mine.id]);
    expect(await ids(`discordIds=${discordIdOf('developer')},${discordIdOf('premium')}`)).toEqual([
      mine.id,
      premiums.id,
    ]);
    expect(await ids(`discordIds=${discordIdOf('developer')}&discordIds=${discordIdOf('premium')}`)).toEqual([
      mine.id,
      premiums.id,
    ]);
    expect(await ids('discordIds=123456789012345678')).toEqual([]);
    const bad = await get('/plans?discordIds=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Discord id is a number/);
  });

  it('filters by labels, keeping plans that have ANY of them', async () => {
    const agility = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Label Filter Probe 1' }, [1]);
    const both = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Label Filter Probe 2' }, [1, 20]);
    const sailing = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Label Filter Probe 3' }, [20]);
    await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Label Filter Probe 4' }, [5]);
    const ids = async (query: string) =>
      (await shop(`name=label filter probe&${query}`)).content.map((p) => p.id);

    expect(await ids('labelIds=1')).toEqual([agility.id, both.id]);
    expect(await ids('labelIds=1,20')).toEqual([agility.id, both.id, sailing.id]);
    expect(await ids('labelIds=20&labelIds=1')).toEqual([agility.id, both.id, sailing.id]);
    expect(await ids('labelIds=1&discordIds=0')).toEqual([]);
    expect((await get('/plans?labelIds=x')).statusCode).toBe(400);
  });

  it('shows owner, labels and the best promo among buyable prices', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Promo Probe', tags: ['a', 'b'] }, [26, 2]);
    await givenPrice(ctx, { planId: plan.id, promoDiscountPercent: 10, promoExtraDays: 3 });
    await givenPrice(ctx, { planId: plan.id, promoDiscountPercent: 25, promoExtraDays: 0 });
    await givenPrice(ctx, { planId: plan.id, promoDiscountPercent: 90, promoExtraDays: 60, hidden: true });
    await givenPrice(ctx, { planId: plan.id, promoDiscountPercent: 80, promoExtraDays: 50, enabled: false });
    const bare = await givenPlanOnSale(ctx, { ownerId: DEMO_USER_IDS.owner, name: 'Promo Probe brand' });

    const [shown, brand] = (await shop('name=promo probe')).content;
    expect(shown).toEqual({
      id: plan.id,
      name: 'Promo Probe',
      description: plan.description,
      imageUrl: null,
      tags: ['a', 'b'],
      forumLink: null,
      ownerId: DEVELOPER,
      ownerName: 'Devon Developer',
      ownerDiscordId: discordIdOf('developer'),
      labels: [
        { id: 2, name: 'PvM/Combat', icon: 'combat' },
        { id: 26, name: 'VIP', icon: 'vip' },
      ],
      hidden: false,
      enabled: true,
      promoDiscount: 25,
      promoExtraDays: 3,
      fromPrice: expect.any(Number),
      // No review yet: no average, a count of nought (issue 35).
      ratingAverage: null,
      ratingCount: 0,
    });
    expect(brand).toMatchObject({
      id: bare.id,
      ownerId: 3,
      ownerName: BRAND,
      labels: [],
      promoDiscount: 0,
      promoExtraDays: 0,
      fromPrice: 1000,
    });
  });
});

describe('GET /plans/developers', () => {
  it('lists the owners of listed plans, the product account under the brand name', async () => {
    const hiddenOnly = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'], displayName: 'Hidden Hal' });
    await givenPlan(ctx, { ownerId: hiddenOnly.id, hidden: true });

    const res = await get('/plans/developers');
    expect(res.statusCode).toBe(200);
    const developers = res.json() as { discordId: string; username: string; displayName: string }[];
    expect(developers).toContainEqual({
      discordId: discordIdOf('owner'),
      username: 'owner',
      displayName: BRAND,
    });
    expect(developers).toContainEqual({
      discordId: discordIdOf('mossforge'),
      username: 'mossforge',
      displayName: 'Mossforge Studios',
    });
    expect(developers.map((developer) => developer.discordId)).not.toContain(hiddenOnly.discordId);
    expect(developers.map((developer) => developer.username)).not.toContain('customer');
  });
});

describe('GET /labels', () => {
  it('returns the 28 labels in the spec order', async () => {
    const res = await get('/labels');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(PLAN_LABELS.map(({ id, name, icon }) => ({ id, name, icon })));
  });
});

describe('GET /plans/{id}', () => {
  async function planWithPrices(state: { hidden?: boolean; enabled?: boolean } = {}) {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Detail Probe', ...state }, [15]);
    const live = await givenPrice(ctx, {
      planId: plan.id,
      name: 'Live',
      price: 1000,
      promoDiscountPercent: 15,
    });
    const draft = await givenPrice(ctx, { planId: plan.id, name: 'Draft', enabled: false, hidden: true });
    await givenPluginOnPrice(
      ctx,
      { id: live.id, ownerId: DEVELOPER },
      {
        name: 'Miner',
        description: 'Mines ore',
        sessionLimit: 0,
      },
    );
    return { plan, live, draft };
  }

  it('shows a listed plan with its buyable prices and their plugins to guests', async () => {
    const { plan, live } = await planWithPrices();
    const res = await get(`/plans/${plan.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: plan.id,
      labels: [{ id: 15, name: 'Mining', icon: 'mining' }],
      promoDiscount: 15,
    });
    expect(body.prices).toHaveLength(1);
    expect(body.prices[0]).toMatchObject({
      id: live.id,
      planId: plan.id,
      ownerId: DEVELOPER,
      price: 1000,
      finalPrice: 850,
      plugins: [{ name: 'Miner', description: 'Mines ore', sessionLimit: 0, pluginId: expect.any(Number) }],
    });
  });

  it('shows the owner and admins every price', async () => {
    const { plan, draft } = await planWithPrices();
    for (const headers of [await asUser(ctx, 'developer'), await asUser(ctx, 'admin')]) {
      const res = await get(`/plans/${plan.id}`, headers);
      expect(res.json().prices.map((price: { id: number }) => price.id)).toContain(draft.id);
    }
  });

  it.each([
    ['hidden', { hidden: true }],
    ['disabled', { enabled: false }],
  ])('answers 404 for a %s plan except to its owner and admins', async (_state, state) => {
    const { plan } = await planWithPrices(state);
    expect((await get(`/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await get(`/plans/${plan.id}`)).json()).toEqual({ message: `No plan with id ${plan.id}.` });
    expect((await get(`/plans/${plan.id}`, await asUser(ctx, 'premium'))).statusCode).toBe(404);
    expect((await get(`/plans/${plan.id}`, await asUser(ctx, 'customer'))).statusCode).toBe(404);
    expect((await get(`/plans/${plan.id}`, await asUser(ctx, 'developer'))).statusCode).toBe(200);
    expect((await get(`/plans/${plan.id}`, await asUser(ctx, 'admin'))).statusCode).toBe(200);
  });

  it('treats an expired sign-in as a guest instead of failing', async () => {
    const { plan } = await planWithPrices({ hidden: true });
    const past = createProductTokens({
      secret: ctx.env.JWT_SECRET,
      ttlSeconds: 60,
      clock: () => new Date(Date.now() - 3_600_000),
    });
    const jwt = await past.sign({
      sub: String(DEVELOPER),
      discordId: discordIdOf('developer'),
      roles: ['DEVELOPER'],
    });
    expect((await get(`/plans/${plan.id}`, { authorization: `Bearer ${jwt}` })).statusCode).toBe(404);
    expect((await get('/plans/3', { authorization: `Bearer ${jwt}` })).statusCode).toBe(200);
  });

  it('refuses an id that is not a positive whole number', async () => {
    for (const id of ['abc', '0', '-4', '99999999999']) {
      const res = await get(`/plans/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The plan id must be a positive whole number.' });
    }
    expect((await get('/plans/2147483647')).statusCode).toBe(404);
  });
});

describe('GET /plans/my', () => {
  it('gives a developer all of their own plans, hidden and disabled included', async () => {
    const hidden = await givenPlan(ctx, { ownerId: DEVELOPER, hidden: true });
    const disabled = await givenPlan(ctx, { ownerId: DEVELOPER, enabled: false });
    const res = await get('/plans/my', await asUser(ctx, 'developer'));
    expect(res.statusCode).toBe(200);
    const plans = res.json() as PlanResponse[];
    expect(plans.every((plan) => plan.ownerId === DEVELOPER)).toBe(true);
    expect(plans.map((plan) => plan.id)).toEqual(expect.arrayContaining([hidden.id, disabled.id]));
  });

  it('needs a signed-in developer', async () => {
    expect((await get('/plans/my')).statusCode).toBe(401);
    expect((await get('/plans/my', await asUser(ctx, 'customer'))).statusCode).toBe(403);
  });
});

describe('POST /plans', () => {
  it('creates an enabled, shown plan owned by the caller', async () => {
    const res = await send('POST', '/plans', await asUser(ctx, 'developer'), {
      name: '  Birdhouse Runs  ',
      description: 'Builds **birdhouses**.',
      imageUrl: 'https://images.example/birdhouse.png',
      tags: ['hunter', 'hunter', 'birds'],
      forumLink: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json() as PlanResponse;
    expect(plan).toMatchObject({
      name: 'Birdhouse Runs',
      ownerId: DEVELOPER,
      ownerName: 'Devon Developer',
      imageUrl: 'https://images.example/birdhouse.png',
      forumLink: null,
      tags: ['hunter', 'birds'],
      enabled: true,
      hidden: false,
      labels: [],
    });
    expect((await get(`/plans/${plan.id}`)).statusCode).toBe(200);
  });

  it.each([
    ['a blank name', { ...validPlan, name: '   ' }, PLAN_NAME_EMPTY_MESSAGE],
    ['no name', { description: 'x' }, PLAN_NAME_EMPTY_MESSAGE],
    ['a blank description', { ...validPlan, description: ' \n ' }, PLAN_DESCRIPTION_EMPTY_MESSAGE],
    ['no description', { name: 'x' }, PLAN_DESCRIPTION_EMPTY_MESSAGE],
    [
      'a script image URL',
      { ...validPlan, imageUrl: 'javascript:alert(1)' },
      'The image URL must start with http:// or https://.',
    ],
    ['a blank tag', { ...validPlan, tags: ['ok', ' '] }, 'Tags cannot be blank.'],
  ])('refuses %s with the exact message', async (_case, body, message) => {
    const res = await send('POST', '/plans', await asUser(ctx, 'developer'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('is for developers only', async () => {
    expect((await send('POST', '/plans', await asUser(ctx, 'customer'), validPlan)).statusCode).toBe(403);
    expect((await send('POST', '/plans', {}, validPlan)).statusCode).toBe(401);
  });
});

describe('PUT /plans/{id}', () => {
  it('lets the owner and admins edit, and nobody else', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    const byOwner = await send('PUT', `/plans/${plan.id}`, await asUser(ctx, 'developer'), {
      ...validPlan,
      name: 'Renamed by owner',
    });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ id: plan.id, name: 'Renamed by owner', tags: ['hunter'] });

    const byAdmin = await send('PUT', `/plans/${plan.id}`, await asUser(ctx, 'admin'), {
      ...validPlan,
      name: 'By admin',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ name: 'By admin', ownerId: DEVELOPER });

    const byOther = await send('PUT', `/plans/${plan.id}`, await asUser(ctx, 'premium'), validPlan);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: NOT_YOURS });
    expect(
      (await send('PUT', `/plans/${plan.id}`, await asUser(ctx, 'customer'), validPlan)).statusCode,
    ).toBe(403);
  });

  it('validates like create and answers 404 for an unknown plan', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    const blank = await send('PUT', `/plans/${plan.id}`, await asUser(ctx, 'developer'), {
      ...validPlan,
      name: '',
    });
    expect(blank.json()).toEqual({ message: PLAN_NAME_EMPTY_MESSAGE });
    const missing = await send('PUT', '/plans/2147483647', await asUser(ctx, 'developer'), validPlan);
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /plans/{id}', () => {
  it('deletes a plan that never had subscriptions, prices and labels included', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER }, [3]);
    await givenPrice(ctx, { planId: plan.id });
    const res = await send('DELETE', `/plans/${plan.id}`, await asUser(ctx, 'developer'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ archived: false, message: PLAN_DELETED_MESSAGE });
    expect((await get(`/plans/${plan.id}`, await asUser(ctx, 'developer'))).statusCode).toBe(404);
  });

  it('archives a plan that has sold, saying so: gone from the shop and the owner, subscriptions kept', async () => {
    const sold = await givenPlan(ctx, { ownerId: DEVELOPER, name: 'Archive Probe sold' });
    const price = await givenPrice(ctx, { planId: sold.id });
    const [running, past] = await givenSubscriptions(ctx, price, [
      {},
      { startDate: daysFromNow(-60), expireDate: daysFromNow(-30) },
    ]);
    const owner = await asUser(ctx, 'developer');

    const res = await send('DELETE', `/plans/${sold.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ archived: true, message: PLAN_ARCHIVED_MESSAGE });

    expect((await get(`/plans/${sold.id}`, owner)).statusCode).toBe(404);
    expect((await get(`/prices/${price.id}`, owner)).statusCode).toBe(404);
    expect((await shop('name=Archive Probe')).content).toEqual([]);
    const own = (await get('/plans/my', owner)).json() as PlanResponse[];
    expect(own.map((plan) => plan.id)).not.toContain(sold.id);
    // The purchase records stay, with their plan and price.
    for (const subscription of [running, past]) {
      const kept = await get(`/subscriptions/${subscription?.id}`, await asUser(ctx, 'admin'));
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ planId: sold.id, priceId: price.id });
    }
    // Nothing more can be done to it: it is deleted as far as anyone is concerned.
    expect((await send('DELETE', `/plans/${sold.id}`, owner)).statusCode).toBe(404);
    expect((await send('PUT', `/plans/${sold.id}/hide`, owner)).statusCode).toBe(404);
    expect((await send('PUT', `/plans/${sold.id}/toggle`, await asUser(ctx, 'admin'))).statusCode).toBe(404);
  });

  it("refuses another developer's plan, and audits an admin's delete", async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    expect((await send('DELETE', `/plans/${plan.id}`, await asUser(ctx, 'premium'))).statusCode).toBe(403);
    expect((await get(`/plans/${plan.id}`)).statusCode).toBe(200);
    const byAdmin = await send('DELETE', `/plans/${plan.id}`, await asUser(ctx, 'admin'));
    expect(byAdmin.statusCode).toBe(200);
    const audit = await get(
      `/admin/audit-events?targetKind=PLAN&targetId=${plan.id}`,
      await asUser(ctx, 'admin'),
    );
    expect(audit.json().content).toMatchObject([{ action: 'plan:delete', actorRole: 'ADMIN' }]);
  });
});

describe('PUT /plans/{id}/hide', () => {
  it('toggles hidden for the owner, taking the plan out of the shop and back', async () => {
    const plan = await givenPlanOnSale(ctx, { ownerId: DEVELOPER, name: 'Hide Toggle Probe' });
    const owner = await asUser(ctx, 'developer');
    const hidden = await send('PUT', `/plans/${plan.id}/hide`, owner);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: plan.id, hidden: true });
    expect((await shop('name=hide toggle probe')).content).toEqual([]);

    expect((await send('PUT', `/plans/${plan.id}/hide`, await asUser(ctx, 'admin'))).json().hidden).toBe(
      false,
    );
    expect((await shop('name=hide toggle probe')).content).toHaveLength(1);
  });

  it('refuses another developer', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    expect((await send('PUT', `/plans/${plan.id}/hide`, await asUser(ctx, 'premium'))).statusCode).toBe(403);
  });
});

describe('PUT /plans/{id}/toggle', () => {
  it('lets an admin disable and enable a plan', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    const disabled = await send('PUT', `/plans/${plan.id}/toggle`, await asUser(ctx, 'admin'));
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: plan.id, enabled: false });
    expect((await get(`/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await send('PUT', `/plans/${plan.id}/toggle`, await asUser(ctx, 'admin'))).json().enabled).toBe(
      true,
    );
  });

  it('refuses developers, even the owner', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    const res = await send('PUT', `/plans/${plan.id}/toggle`, await asUser(ctx, 'developer'));
    expect(res.statusCode).toBe(403);
    expect((await get(`/plans/${plan.id}`)).json().enabled).toBe(true);
    expect((await send('PUT', '/plans/2147483647/toggle', await asUser(ctx, 'admin'))).statusCode).toBe(404);
  });
});

describe('PUT /plans/{planId}/labels/{labelId}', () => {
  it('adds a label, then removes it', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER }, [1]);
    const owner = await asUser(ctx, 'developer');
    const added = await send('PUT', `/plans/${plan.id}/labels/28`, owner);
    expect(added.statusCode).toBe(200);
    expect(added.json().labels.map((label: { id: number }) => label.id)).toEqual([1, 28]);
    const removed = await send('PUT', `/plans/${plan.id}/labels/1`, await asUser(ctx, 'admin'));
    expect(removed.json().labels).toEqual([{ id: 28, name: 'Ironman', icon: 'ironman' }]);
  });

  it('answers 404 for an unknown label and 403 for another developer', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEVELOPER });
    const unknown = await send('PUT', `/plans/${plan.id}/labels/99`, await asUser(ctx, 'developer'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No label with id 99.' });
    const other = await send(
      'PUT',
      `/plans/${plan.id}/labels/2`,
      await headersFor(ctx, DEMO_USER_IDS.mossforge),
    );
    expect(other.statusCode).toBe(403);
  });
});
