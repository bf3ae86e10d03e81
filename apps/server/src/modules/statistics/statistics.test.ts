import {
  type DeveloperMonthly,
  type PricePurchases,
  SUBSCRIBER_CSV_COLUMNS,
} from '@ember/contracts/developer-statistics';
import { ADD_HOURS_INVALID_MESSAGE, NO_SUBSCRIBERS_SELECTED_MESSAGE } from '@ember/contracts/subscriptions';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { requestsTo } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  daysFromNow,
  expectLedgerClean,
  givenPriceOf,
  givenSubscription,
  givenUser,
  subscriptionRow,
} from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const ctx = useTestApp();

const shop = requestsTo(ctx);

const utc = (year: number, month: number, day = 15) => new Date(Date.UTC(year, month - 1, day, 12));
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

async function givenDeveloperWithPrice(price = 1000) {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  const { plan, price: row } = await givenPriceOf(ctx, developer.id, { price, name: 'Monthly Pass' });
  return { developer, plan, price: row, headers: await headersFor(ctx, developer.id) };
}

async function subscriberOf(
  price: { id: number; planId: number },
  fields: Parameters<typeof givenSubscription>[1] extends infer T ? Partial<T> : never = {},
) {
  const user = await givenUser(ctx);
  return givenSubscription(ctx, { userId: user.id, planId: price.planId, priceId: price.id, ...fields });
}

describe('GET /statistics/prices/{priceId}/purchases', () => {
  it("counts a year's purchases per month, January to December", async () => {
    const { price, headers } = await givenDeveloperWithPrice();
    const lastYear = new Date().getUTCFullYear() - 1;
    for (const purchaseDate of [
      utc(lastYear, 1),
      utc(lastYear, 3, 1),
      utc(lastYear, 3, 31),
      utc(lastYear, 12, 31),
      utc(lastYear - 1, 12, 31),
      utc(lastYear + 1, 1, 1),
    ]) {
      await subscriberOf(price, { purchaseDate, startDate: purchaseDate });
    }
    const res = await shop('GET', headers, `/statistics/prices/${price.id}/purchases?year=${lastYear}`);
    expect(res.statusCode).toBe(200);
    const stats: PricePurchases = res.json();
    expect(stats).toMatchObject({ priceId: price.id, priceName: 'Monthly Pass', year: lastYear });
    expect(stats.months.map((month) => month.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => `${lastYear}-${String(index + 1).padStart(2, '0')}`),
    );
    expect(stats.months.map((month) => month.purchases)).toEqual([1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it('defaults to this year, with a point for this month', async () => {
    const { price, headers } = await givenDeveloperWithPrice();
    await subscriberOf(price, {});
    const stats: PricePurchases = (
      await shop('GET', headers, `/statistics/prices/${price.id}/purchases`)
    ).json();
    expect(stats.year).toBe(new Date().getUTCFullYear());
    expect(stats.months.find((month) => month.month === monthKey(new Date()))?.purchases).toBe(1);
  });

  it("refuses another developer's price and lets an admin read it", async () => {
    const { price } = await givenDeveloperWithPrice();
    const other = await shop(
      'GET',
      await asUser(ctx, 'developer'),
      `/statistics/prices/${price.id}/purchases`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    expect(
      (await shop('GET', await asUser(ctx, 'admin'), `/statistics/prices/${price.id}/purchases`)).statusCode,
    ).toBe(200);
    const badYear = await shop(
      'GET',
      await asUser(ctx, 'admin'),
      `/statistics/prices/${price.id}/purchases?year=abc`,
    );
    expect(badYear.statusCode).toBe(400);
  });
});

describe('GET /statistics/developer/monthly', () => {
  it('shows revenue from the books and active subscribers for the last twelve months', async () => {
    const { developer, price, headers } = await givenDeveloperWithPrice(1000);
    const now = new Date();
    const monthsAgo = (count: number, day = 10) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, day, 12));

    // Ran through three months ago and two months ago; ended before last month.
    await subscriberOf(price, {
      startDate: monthsAgo(3),
      purchaseDate: monthsAgo(3),
      expireDate: monthsAgo(2, 20),
    });
    // Ran last month only.
    await subscriberOf(price, {
      startDate: monthsAgo(1, 2),
      purchaseDate: monthsAgo(1, 2),
      expireDate: monthsAgo(1, 25),
    });
    // Lifetime since five months ago: every month from then on.
    await subscriberOf(price, { startDate: monthsAgo(5), purchaseDate: monthsAgo(5), expireDate: null });
    // Older than the window: not counted anywhere.
    await subscriberOf(price, {
      startDate: monthsAgo(20),
      purchaseDate: monthsAgo(20),
      expireDate: monthsAgo(19),
    });

    // Two sales this month, paid through the books; one refunded in full.
    const buyers = [await givenUser(ctx, { credits: 1000 }), await givenUser(ctx, { credits: 1000 })];
    const bought = [];
    for (const buyer of buyers) {
      const res = await shop('POST', await headersFor(ctx, buyer.id), `/subscriptions?priceId=${price.id}`);
      expect(res.statusCode).toBe(201);
      bought.push(res.json());
    }
    const refund = await shop('POST', headers, '/subscriptions/refund', { id: bought[0].id });
    expect(refund.statusCode, refund.body).toBe(200);

    const res = await shop('GET', headers, '/statistics/developer/monthly');
    expect(res.statusCode).toBe(200);
    const { months }: DeveloperMonthly = res.json();
    expect(months).toHaveLength(12);
    expect(months[11]?.month).toBe(monthKey(now));
    expect(months[0]?.month).toBe(monthKey(monthsAgo(11)));
    const at = (count: number) => months[11 - count];
    expect(at(0)).toEqual({ month: monthKey(now), revenue: 800, activeSubscribers: 3 });
    expect(at(1)?.activeSubscribers).toBe(2);
    expect(at(2)?.activeSubscribers).toBe(2);
    expect(at(3)?.activeSubscribers).toBe(2);
    expect(at(4)?.activeSubscribers).toBe(1);
    expect(at(5)?.activeSubscribers).toBe(1);
    expect(at(6)?.activeSubscribers).toBe(0);
    expect(months.slice(0, 11).every((month) => month.revenue === 0)).toBe(true);
    expect(developer.id).toBeGreaterThan(0);
    await expectLedgerClean(ctx);
  });

  it('is for developers', async () => {
    expect(
      (await shop('GET', await asUser(ctx, 'customer'), '/statistics/developer/monthly')).statusCode,
    ).toBe(403);
    const premium = await shop('GET', await asUser(ctx, 'premium'), '/statistics/developer/monthly');
    expect(premium.statusCode).toBe(200);
    expect((premium.json() as DeveloperMonthly).months.some((month) => month.revenue > 0)).toBe(true);
  });
});

describe('GET /subscriptions/by-price/{priceId}/export', () => {
  it('sends the subscribers as a CSV attachment with correct quoting and formulas defused', async () => {
    const { price, headers } = await givenDeveloperWithPrice();
    const awkward = await givenUser(ctx, { username: 'smith, "the" =great' });
    const formula = await givenUser(ctx, { username: '=HYPERLINK("http://evil")' });
    await givenSubscription(ctx, {
      userId: awkward.id,
      planId: price.planId,
      priceId: price.id,
      purchaseDate: daysFromNow(-2),
      purchasePrice: 900,
    });
    await givenSubscription(ctx, { userId: formula.id, planId: price.planId, priceId: price.id });

    const res = await shop('GET', headers, `/subscriptions/by-price/${price.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="price-${price.id}-subscribers.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(SUBSCRIBER_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    // Newest purchase first: the formula user bought just now.
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[2]).toContain(`,"smith, ""the"" =great",`);
    expect(lines[2]).toContain(',900,0,');
  });

  it("refuses another developer's price", async () => {
    const { price } = await givenDeveloperWithPrice();
    const res = await shop(
      'GET',
      await asUser(ctx, 'developer'),
      `/subscriptions/by-price/${price.id}/export`,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
  });
});

describe('PUT /subscriptions/add-hours/selected', () => {
  it('adds hours only to the selected active subscribers of the price', async () => {
    const { price, headers } = await givenDeveloperWithPrice();
    const expireDate = daysFromNow(10);
    const [first, second, untouched] = [
      await subscriberOf(price, { expireDate }),
      await subscriberOf(price, { expireDate }),
      await subscriberOf(price, { expireDate }),
    ];
    const elsewhere = await givenDeveloperWithPrice();
    const foreign = await subscriberOf(elsewhere.price, { expireDate });

    const res = await shop('PUT', headers, `/subscriptions/add-hours/selected?priceId=${price.id}&hours=24`, {
      subscriptionIds: [first?.id, second?.id, foreign?.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Hours added successfully', updated: 2 });
    const later = expireDate.getTime() + 24 * 3_600_000;
    expect((await subscriptionRow(ctx, first?.id ?? 0)).expireDate?.getTime()).toBe(later);
    expect((await subscriptionRow(ctx, second?.id ?? 0)).expireDate?.getTime()).toBe(later);
    expect((await subscriptionRow(ctx, untouched?.id ?? 0)).expireDate?.getTime()).toBe(expireDate.getTime());
    expect((await subscriptionRow(ctx, foreign?.id ?? 0)).expireDate?.getTime()).toBe(expireDate.getTime());
  });

  it("answers the spec's messages, and refuses another developer", async () => {
    const { price, headers } = await givenDeveloperWithPrice();
    const sub = await subscriberOf(price, {});
    const none = await shop('PUT', headers, `/subscriptions/add-hours/selected?priceId=${price.id}&hours=5`, {
      subscriptionIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: NO_SUBSCRIBERS_SELECTED_MESSAGE });
    const zero = await shop('PUT', headers, `/subscriptions/add-hours/selected?priceId=${price.id}&hours=0`, {
      subscriptionIds: [sub?.id],
    });
    expect(zero.json()).toEqual({ message: ADD_HOURS_INVALID_MESSAGE });
    const other = await shop(
      'PUT',
      await asUser(ctx, 'developer'),
      `/subscriptions/add-hours/selected?priceId=${price.id}&hours=5`,
      { subscriptionIds: [sub?.id] },
    );
    expect(other.statusCode).toBe(403);
  });
});
