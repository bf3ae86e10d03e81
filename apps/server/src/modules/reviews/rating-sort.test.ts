import type { PlanPage } from '@ember/contracts/catalog';
import { planReviews } from '@ember/db/schema/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenPlan, givenPrice, givenUser } from '../../../test-support/test-data.ts';

// Issue 35: the shop sorts by a Bayesian average (decision 0051), ties by id, and filters by a
// minimum average and a highest price; each card carries its average and count.

let ctx: TestContext;
let developerDiscordId = '';
const planIds: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  developerDiscordId = developer.discordId;
  // name → [lowest price in credits, stars of its reviews]
  const catalog: Record<string, [number, number[]]> = {
    'One five': [0, [5]],
    'Many fours': [400, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4]],
    'Twin A': [900, [5, 3]],
    'Twin B': [900, [4, 4]],
    Unrated: [2500, []],
    'Poor many': [100, [1, 2, 1, 2, 1, 2]],
  };
  for (const [name, [price, stars]] of Object.entries(catalog)) {
    const plan = await givenPlan(ctx, { ownerId: developer.id, name });
    await givenPrice(ctx, { planId: plan.id, price, enabled: true, hidden: false });
    planIds[name] = plan.id;
    for (const rating of stars) {
      const reviewer = await givenUser(ctx);
      await ctx.database.db.insert(planReviews).values({
        planId: plan.id,
        userId: reviewer.id,
        rating,
        ranSeconds: 3600,
        priceName: 'Monthly',
        pricePaid: price,
      });
    }
  }
});

afterAll(async () => {
  await ctx?.close();
});

async function shop(query: string, size = 25) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/shop/plans?discordIds=${developerDiscordId}&size=${size}&${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PlanPage>();
}

const namesOf = (page: PlanPage) => page.content.map((plan) => plan.name);

describe('the shop by rating', () => {
  it('sorts by the Bayesian average: many good reviews above one perfect one, ties by id', async () => {
    // (sum + 15) / (count + 5): Many fours 55/15 = 3.67, Twin A = Twin B = 23/7 = 3.29, One five 20/6 = 3.33,
    // Unrated 15/5 = 3, Poor many 24/11 = 2.18.
    expect(namesOf(await shop('sort=rating,desc'))).toEqual([
      'Many fours',
      'One five',
      'Twin A',
      'Twin B',
      'Unrated',
      'Poor many',
    ]);
    expect(namesOf(await shop('sort=rating,asc'))).toEqual([
      'Poor many',
      'Unrated',
      'Twin A',
      'Twin B',
      'One five',
      'Many fours',
    ]);
    // Deep pages read from the other end keep the same order.
    const second = await shop('sort=rating,desc&page=1', 4);
    expect(namesOf(second)).toEqual(['Unrated', 'Poor many']);
  });

  it('shows each card’s average and count', async () => {
    const page = await shop('sort=rating,desc');
    const card = (name: string) => page.content.find((plan) => plan.name === name);
    expect(card('Many fours')).toMatchObject({ ratingAverage: 4, ratingCount: 10 });
    expect(card('Twin A')).toMatchObject({ ratingAverage: 4, ratingCount: 2 });
    expect(card('Poor many')).toMatchObject({ ratingAverage: 1.5, ratingCount: 6 });
    expect(card('Unrated')).toMatchObject({ ratingAverage: null, ratingCount: 0 });
    const plan = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${planIds['One five']}` });
    expect(plan.json()).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
  });

  it('filters by a minimum average (unrated plans left out) and by a highest price', async () => {
    const fourAndUp = await shop('sort=name,asc&minRating=4');
    expect(namesOf(fourAndUp)).toEqual(['Many fours', 'One five', 'Twin A', 'Twin B']);
    expect(fourAndUp.totalElements).toBe(4);
    expect(namesOf(await shop('sort=name,asc&maxPrice=0'))).toEqual(['One five']);
    expect(namesOf(await shop('sort=name,asc&maxPrice=499'))).toEqual([
      'Many fours',
      'One five',
      'Poor many',
    ]);
    expect(namesOf(await shop('sort=name,asc&maxPrice=999&minRating=4'))).toEqual([
      'Many fours',
      'One five',
      'Twin A',
      'Twin B',
    ]);
    for (const bad of ['minRating=6', 'minRating=0', 'minRating=x', 'maxPrice=-1']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans?${bad}` });
      expect(res.statusCode).toBe(400);
    }
  });
});
