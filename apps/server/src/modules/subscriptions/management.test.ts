import { addPeriod } from '@ember/contracts/periods';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { postingsOf } from '../../../test-support/books.ts';
import {
  balanceOf,
  daysFromNow,
  givenPriceOf,
  givenSubscription,
  givenUser,
  grant,
  subscriptionRow,
  useTestAppWithCleanBooks,
} from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const NOT_YOURS = REFUSAL_MESSAGES.NOT_YOURS;

const ctx = useTestAppWithCleanBooks();

const U = DEMO_USER_IDS;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Headers = Record<string, string>;
const put = (headers: Headers, url: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/shop${url}`, headers });
const refund = (headers: Headers, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/shop/subscriptions/refund', headers, payload: body });
const remove = (headers: Headers, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/shop/subscriptions/${id}`, headers });

/** A subscriber with credits who bought `priceId` through the API; answers the subscription. */
async function purchased(priceId: number, credits = 5000) {
  const user = await givenUser(ctx, { credits });
  const headers = await headersFor(ctx, user.id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/shop/subscriptions?priceId=${priceId}`,
    headers,
  });
  expect(res.statusCode).toBe(201);
  return { user, headers, sub: res.json() };
}

/** A customer (with `credits`) whose subscription to price 1 expired yesterday, and their headers. */
async function expiredYesterday(credits = 0) {
  const user = await givenUser(ctx, { credits });
  const sub = await givenSubscription(ctx, {
    userId: user.id,
    planId: 1,
    priceId: 1,
    expireDate: daysFromNow(-1),
  });
  return { sub, headers: await headersFor(ctx, user.id) };
}

const MONEY_TYPES = ['EXTENSION', 'REFUND', 'DEVELOPER_EARNING', 'DEVELOPER_EARNING_REVERSAL'];

/** The subscription's users' postings other than the purchase itself, journal by journal. */
async function moneyOf(subscriptionId: number) {
  const postings = await postingsOf(ctx.database.db, { kind: 'SUBSCRIPTION', id: subscriptionId });
  return postings
    .filter((p) => MONEY_TYPES.includes(p.type))
    .map(({ userId, type, amount }) => ({ userId, type, amount }));
}

describe('PUT /subscriptions/{id}/extend', () => {
  it('charges the extension price, pays the developer share and adds one period, once', async () => {
    const { user, headers, sub } = await purchased(1);
    const res = await put(headers, `/subscriptions/${sub.id}/extend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ extended: true, status: 'Active' });
    expect(res.json().expireDate).toBe(addPeriod(new Date(sub.expireDate), 'MONTHLY')?.toISOString());
    expect((await balanceOf(ctx, user.id)).balance).toBe(5000 - 450 - 400);
    expect(await moneyOf(sub.id)).toEqual([
      { userId: U.mossforge, type: 'DEVELOPER_EARNING', amount: 360 },
      { userId: user.id, type: 'EXTENSION', amount: -400 },
      { userId: U.mossforge, type: 'DEVELOPER_EARNING', amount: 320 },
    ]);

    const again = await put(headers, `/subscriptions/${sub.id}/extend`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This subscription has already been extended.' });
  });

  it('refuses prices without extension, lifetime, paused and expired subscriptions', async () => {
    const noExtension = await purchased(3);
    expect(
      (await put(noExtension.headers, `/subscriptions/${noExtension.sub.id}/extend`)).json().message,
    ).toBe('This price cannot be extended.');

    const lifetime = await purchased(8, 50_000);
    expect((await put(lifetime.headers, `/subscriptions/${lifetime.sub.id}/extend`)).json().message).toBe(
      'Lifetime subscriptions never expire, so they cannot be extended.',
    );

    const paused = await purchased(1);
    await put(paused.headers, `/subscriptions/${paused.sub.id}/pause`);
    const pausedRes = await put(paused.headers, `/subscriptions/${paused.sub.id}/extend`);
    expect(pausedRes.statusCode).toBe(409);
    expect(pausedRes.json().message).toBe('Unpause the subscription before extending it.');

    const expired = await expiredYesterday(1000);
    const expiredRes = await put(expired.headers, `/subscriptions/${expired.sub.id}/extend`);
    expect(expiredRes.statusCode).toBe(409);
    expect(expiredRes.json().message).toBe('This subscription has expired.');
  });

  it("refuses without enough credits and someone else's subscription", async () => {
    const { user, headers, sub } = await purchased(1, 450);
    const poor = await put(headers, `/subscriptions/${sub.id}/extend`);
    expect(poor.statusCode).toBe(400);
    expect(poor.json().message).toBe('Not enough credits: this costs 400 credits and you have 0.');
    expect((await subscriptionRow(ctx, sub.id)).extended).toBe(false);
    expect((await balanceOf(ctx, user.id)).balance).toBe(0);

    const stranger = await put(await asUser(ctx, 'vip'), `/subscriptions/${sub.id}/extend`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(NOT_YOURS);
  });

  it('answers 404 for an unknown subscription and 401 for a guest', async () => {
    expect((await put(await asUser(ctx, 'customer'), '/subscriptions/999999/extend')).statusCode).toBe(404);
    expect((await put({}, '/subscriptions/1/extend')).statusCode).toBe(401);
  });
});

describe('PUT /subscriptions/{id}/pause and /unpause', () => {
  it('pauses for 14 days by default, once; unpausing keeps the time left and the pause used', async () => {
    const { headers, sub } = await purchased(1);
    const paused = await put(headers, `/subscriptions/${sub.id}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      paused: true,
      pauseUsed: true,
      pauseDuration: 14,
      status: 'Paused',
      expired: false,
    });
    const pausedAt = Date.parse(paused.json().pauseDate);

    const twice = await put(headers, `/subscriptions/${sub.id}/pause`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This subscription is already paused.');

    const resumed = await put(headers, `/subscriptions/${sub.id}/unpause`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ paused: false, pauseUsed: true, status: 'Active' });
    const shift = Date.parse(resumed.json().expireDate) - Date.parse(sub.expireDate);
    expect(shift).toBeGreaterThanOrEqual(0);
    expect(shift).toBeLessThanOrEqual(Date.now() - pausedAt + 1);

    const again = await put(headers, `/subscriptions/${sub.id}/pause?days=3`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This subscription has already used its one pause.');
  });

  it('moves the expire date by exactly the time paused', async () => {
    const user = await givenUser(ctx);
    const expireDate = daysFromNow(10);
    const pauseDate = daysFromNow(-3);
    const row = await givenSubscription(ctx, {
      userId: user.id,
      planId: 1,
      priceId: 1,
      expireDate,
      paused: true,
      pauseDate,
      pauseDays: 14,
      pauseUsed: true,
    });
    const before = Date.now();
    const res = await put(await headersFor(ctx, user.id), `/subscriptions/${row.id}/unpause`);
    const after = Date.now();
    const moved = Date.parse(res.json().expireDate) - expireDate.getTime();
    expect(moved).toBeGreaterThanOrEqual(before - pauseDate.getTime());
    expect(moved).toBeLessThanOrEqual(after - pauseDate.getTime());
  });

  it.each([
    ['days=15', 'You can only pause for up to 14 days'],
    ['days=0', 'Pause for a whole number of days, from 1 to 14.'],
    ['days=2.5', 'Pause for a whole number of days, from 1 to 14.'],
    ['days=soon', 'Pause for a whole number of days, from 1 to 14.'],
  ])('refuses %s with 400', async (query, message) => {
    const { headers, sub } = await purchased(3);
    const res = await put(headers, `/subscriptions/${sub.id}/pause?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('pauses for the days asked and refuses lifetime and expired subscriptions', async () => {
    const { headers, sub } = await purchased(3);
    expect((await put(headers, `/subscriptions/${sub.id}/pause?days=5`)).json().pauseDuration).toBe(5);

    const lifetime = await purchased(8, 50_000);
    expect((await put(lifetime.headers, `/subscriptions/${lifetime.sub.id}/pause`)).json().message).toBe(
      'Lifetime subscriptions never expire, so there is nothing to pause.',
    );
    const expired = await expiredYesterday();
    const res = await put(expired.headers, `/subscriptions/${expired.sub.id}/pause`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This subscription has expired.');
  });

  it("lets an admin pause and unpause anyone's subscription, but not another customer", async () => {
    const { sub } = await purchased(3);
    expect((await put(await asUser(ctx, 'vip'), `/subscriptions/${sub.id}/pause`)).statusCode).toBe(403);
    expect((await put(await asUser(ctx, 'admin'), `/subscriptions/${sub.id}/pause`)).statusCode).toBe(200);
    expect((await put(await asUser(ctx, 'vip'), `/subscriptions/${sub.id}/unpause`)).statusCode).toBe(403);
    expect((await put(await asUser(ctx, 'admin'), `/subscriptions/${sub.id}/unpause`)).statusCode).toBe(200);
  });

  it('refuses to unpause a running subscription', async () => {
    const { headers, sub } = await purchased(3);
    const res = await put(headers, `/subscriptions/${sub.id}/unpause`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This subscription is not paused.');
  });
});

describe('PUT /subscriptions/{id}/expire', () => {
  it('ends the subscription now for the plan owner and admins; a paused one stops being paused', async () => {
    const { headers, sub } = await purchased(1);
    await put(headers, `/subscriptions/${sub.id}/pause`);
    const res = await put(await headersFor(ctx, U.mossforge), `/subscriptions/${sub.id}/expire`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Expired', expired: true, paused: false });
    expect(Date.parse(res.json().expireDate)).toBeLessThanOrEqual(Date.now());

    const again = await put(await asUser(ctx, 'admin'), `/subscriptions/${sub.id}/expire`);
    expect(again.statusCode).toBe(200);
    expect(again.json().expireDate).toBe(res.json().expireDate);
  });

  it('is refused to other developers (403) and to customers (403)', async () => {
    const { headers, sub } = await purchased(1);
    const developer = await put(await asUser(ctx, 'developer'), `/subscriptions/${sub.id}/expire`);
    expect(developer.statusCode).toBe(403);
    expect(developer.json().message).toBe(NOT_YOURS);
    expect((await put(headers, `/subscriptions/${sub.id}/expire`)).statusCode).toBe(403);
  });
});

describe('POST /subscriptions/refund', () => {
  it('refunds the purchase price by default, takes the developer share back and ends the subscription', async () => {
    const { user, sub } = await purchased(1);
    const devBefore = (await balanceOf(ctx, U.mossforge)).earnings;
    const res = await refund(await asUser(ctx, 'admin'), { id: sub.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refunded: 450, status: 'Refunded' });
    expect((await balanceOf(ctx, user.id)).balance).toBe(5000);
    expect((await balanceOf(ctx, U.mossforge)).earnings).toBe(devBefore - 360);

    const nothingLeft = await refund(await asUser(ctx, 'admin'), { id: sub.id });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().message).toBe('Nothing is left to refund on this subscription.');
  });

  it('puts every refund on the audit trail with who gave it, as which role, and the journal that moved the money', async () => {
    const { sub } = await purchased(1);
    const res = await refund(await headersFor(ctx, U.mossforge), { id: sub.id, amount: 200 });
    expect(res.statusCode).toBe(200);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetKind, 'SUBSCRIPTION'), eq(auditEvents.targetId, String(sub.id))));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: U.mossforge,
      actorRole: 'DEVELOPER',
      action: 'subscription:refund',
      before: expect.objectContaining({ refundable: 450 }),
      after: { refunded: 200, journalId: expect.any(Number) },
    });
    const postings = await postingsOf(ctx.database.db, { kind: 'SUBSCRIPTION', id: sub.id });
    expect(postings.filter((p) => p.journalKind === 'SUBSCRIPTION_REFUND').map((p) => p.amount)).toEqual([
      200, -160, -40,
    ]);
  });

  it('refunds in parts, reversing the share in proportion, never more than was paid', async () => {
    const { user, sub } = await purchased(1);
    const owner = await headersFor(ctx, U.mossforge);
    expect((await refund(owner, { id: sub.id, amount: 100 })).json().refunded).toBe(100);
    const tooMuch = await refund(owner, { id: sub.id, amount: 351 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('You can refund at most 350 credits on this subscription.');
    expect((await refund(owner, { id: sub.id })).json().refunded).toBe(450);
    expect(await moneyOf(sub.id)).toEqual([
      { userId: U.mossforge, type: 'DEVELOPER_EARNING', amount: 360 },
      { userId: user.id, type: 'REFUND', amount: 100 },
      { userId: U.mossforge, type: 'DEVELOPER_EARNING_REVERSAL', amount: -80 },
      { userId: user.id, type: 'REFUND', amount: 350 },
      { userId: U.mossforge, type: 'DEVELOPER_EARNING_REVERSAL', amount: -280 },
    ]);
  });

  it('gives a gift back to the giver and an extension back to whoever paid it', async () => {
    const giver = await givenUser(ctx, { credits: 1000 });
    const receiver = await givenUser(ctx, { credits: 1000 });
    const gifted = await ctx.app.inject({
      method: 'POST',
      url: `/api/shop/subscriptions/gift?discordId=${receiver.discordId}&priceId=1`,
      headers: await headersFor(ctx, giver.id),
    });
    const id = gifted.json().id;
    await put(await headersFor(ctx, receiver.id), `/subscriptions/${id}/extend`);
    const res = await refund(await asUser(ctx, 'admin'), { id, amount: 850 });
    expect(res.statusCode).toBe(200);
    expect((await balanceOf(ctx, giver.id)).balance).toBe(1000);
    expect((await balanceOf(ctx, receiver.id)).balance).toBe(1000);
  });

  it("refuses with 409 when the developer's earnings cannot cover the share, and changes nothing", async () => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { price } = await givenPriceOf(ctx, developer.id, { price: 1000 });
    const { user, sub } = await purchased(price.id);
    await grant(ctx, developer.id, -700, 'EARNINGS'); // paid out elsewhere
    const res = await refund(await headersFor(ctx, developer.id), { id: sub.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /needs 800 credits of the developer's earnings back, but only 100 are left/,
    );
    expect((await balanceOf(ctx, user.id)).balance).toBe(4000);
    expect((await subscriptionRow(ctx, sub.id)).expireDate?.toISOString()).toBe(sub.expireDate);
  });

  it.each([
    [{ id: 1, amount: 0 }, 'The refund amount must be a whole number of credits greater than 0.'],
    [{ id: 1, amount: 2.5 }, 'The refund amount must be a whole number of credits greater than 0.'],
    [{ id: 1, amount: -3 }, 'The refund amount must be a whole number of credits greater than 0.'],
    [{ amount: 10 }, 'The subscription id must be a positive whole number.'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await refund(await asUser(ctx, 'admin'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('is refused to customers and to developers of other plans', async () => {
    const { headers, sub } = await purchased(1);
    expect((await refund(headers, { id: sub.id })).statusCode).toBe(403);
    expect((await refund(await asUser(ctx, 'developer'), { id: sub.id })).statusCode).toBe(403);
  });
});

describe('PUT /subscriptions/{id}/add-hours', () => {
  it('adds hours to a running subscription for the plan owner', async () => {
    const { sub } = await purchased(1);
    const res = await put(await headersFor(ctx, U.mossforge), `/subscriptions/${sub.id}/add-hours?hours=36`);
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().expireDate) - Date.parse(sub.expireDate)).toBe(36 * HOUR_MS);
  });

  it.each(['hours=0', 'hours=-4', 'hours=1.5', 'hours=many', ''])(
    'refuses "%s" with the spec message',
    async (query) => {
      const { sub } = await purchased(3);
      const res = await put(await asUser(ctx, 'admin'), `/subscriptions/${sub.id}/add-hours?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Hours to add must be greater than 0' });
    },
  );

  it('refuses lifetime and expired subscriptions, customers and other developers', async () => {
    const admin = await asUser(ctx, 'admin');
    const lifetime = await purchased(8, 50_000);
    expect((await put(admin, `/subscriptions/${lifetime.sub.id}/add-hours?hours=1`)).statusCode).toBe(409);
    const { sub: expired } = await expiredYesterday();
    const res = await put(admin, `/subscriptions/${expired.id}/add-hours?hours=1`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This subscription has expired.');

    const { headers, sub } = await purchased(1);
    expect((await put(headers, `/subscriptions/${sub.id}/add-hours?hours=1`)).statusCode).toBe(403);
    expect(
      (await put(await asUser(ctx, 'developer'), `/subscriptions/${sub.id}/add-hours?hours=1`)).statusCode,
    ).toBe(403);
  });
});

describe('PUT /subscriptions/add-hours (a whole price)', () => {
  it('adds hours to every active time-limited subscription of the price in one go', async () => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { plan, price } = await givenPriceOf(ctx, developer.id, { price: 10 });
    const user = await givenUser(ctx);
    const base = { userId: user.id, planId: plan.id, priceId: price.id };
    const running = await givenSubscription(ctx, { ...base, expireDate: daysFromNow(5) });
    const paused = await givenSubscription(ctx, {
      ...base,
      expireDate: daysFromNow(-1),
      paused: true,
      pauseDate: daysFromNow(-2),
      pauseDays: 14,
      pauseUsed: true,
    });
    const expired = await givenSubscription(ctx, { ...base, expireDate: daysFromNow(-1) });
    const lifetime = await givenSubscription(ctx, { ...base, expireDate: null });

    const res = await put(
      await headersFor(ctx, developer.id),
      `/subscriptions/add-hours?priceId=${price.id}&hours=48`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Hours added successfully', updated: 2 });
    const moved = async (row: { id: number; expireDate: Date | null }) =>
      ((await subscriptionRow(ctx, row.id)).expireDate?.getTime() ?? 0) - (row.expireDate?.getTime() ?? 0);
    expect(await moved(running)).toBe(2 * DAY_MS);
    expect(await moved(paused)).toBe(2 * DAY_MS);
    expect(await moved(expired)).toBe(0);
    expect((await subscriptionRow(ctx, lifetime.id)).expireDate).toBeNull();
  });

  it('checks the hours, the price and who asks', async () => {
    const admin = await asUser(ctx, 'admin');
    expect((await put(admin, '/subscriptions/add-hours?priceId=1&hours=0')).json()).toEqual({
      message: 'Hours to add must be greater than 0',
    });
    expect((await put(admin, '/subscriptions/add-hours?priceId=99999&hours=1')).statusCode).toBe(404);
    expect(
      (await put(await asUser(ctx, 'developer'), '/subscriptions/add-hours?priceId=1&hours=1')).statusCode,
    ).toBe(403);
    expect(
      (await put(await asUser(ctx, 'customer'), '/subscriptions/add-hours?priceId=1&hours=1')).statusCode,
    ).toBe(403);
    expect(
      (await put(await headersFor(ctx, U.mossforge), '/subscriptions/add-hours?priceId=1&hours=1'))
        .statusCode,
    ).toBe(200);
  });
});

describe('DELETE /subscriptions/{id}', () => {
  it('deletes a subscription no money is attached to, and refuses a paid one', async () => {
    const free = await purchased(5, 0);
    const admin = await asUser(ctx, 'admin');
    expect((await remove(admin, free.sub.id)).statusCode).toBe(204);
    expect((await remove(admin, free.sub.id)).statusCode).toBe(404);

    const paid = await purchased(1);
    const res = await remove(admin, paid.sub.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/payments on record.*Refund it/);
  });

  it('is refused to customers and to developers of other plans', async () => {
    const { headers, sub } = await purchased(5, 0);
    expect((await remove(headers, sub.id)).statusCode).toBe(403);
    expect((await remove(await asUser(ctx, 'developer'), sub.id)).statusCode).toBe(403);
    expect((await remove(await headersFor(ctx, U.owner), sub.id)).statusCode).toBe(204);
  });
});
