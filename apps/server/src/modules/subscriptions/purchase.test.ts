import { addPeriod } from '@ember/contracts/periods';
import { subscriptionResponse } from '@ember/contracts/subscriptions';
import { DEMO_ACCOUNTS, DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { discountCodes } from '@ember/db/schema/discount-codes';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import {
  balanceOf,
  buySubscription,
  givenCode,
  givenPriceOf,
  givenUser,
  salePostingsOf,
  useTestAppWithCleanBooks,
} from '../../../test-support/test-data.ts';

const ctx = useTestAppWithCleanBooks();

const U = DEMO_USER_IDS;
const discordIdOf = (username: string) => DEMO_ACCOUNTS.find((a) => a.username === username)?.discordId ?? '';

const buy = (headers: Record<string, string>, query: string) => buySubscription(ctx, headers, query);
const gift = (headers: Record<string, string>, query: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/shop/subscriptions/gift?${query}`, headers });

const entriesOf = (subscriptionId: number) => salePostingsOf(ctx, subscriptionId);

const usesOf = async (code: string) =>
  (
    await ctx.database.db
      .select({ uses: discountCodes.uses })
      .from(discountCodes)
      .where(eq(discountCodes.id, code))
  )[0]?.uses;

describe('POST /subscriptions', () => {
  it('charges the buyer, pays the developer 80% and answers with the new subscription', async () => {
    const buyer = await givenUser(ctx, { credits: 1000 });
    const developerBefore = await balanceOf(ctx, U.mossforge);
    const res = await buy(await headersFor(ctx, buyer.id), 'priceId=1');
    expect(res.statusCode).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({
      planId: 1,
      planName: 'Rooftop Runner',
      priceId: 1,
      priceName: 'Monthly',
      purchasePrice: 450,
      refunded: 0,
      paused: false,
      pauseUsed: false,
      extended: false,
      expired: false,
      status: 'Active',
      subscriptionPeriod: 'MONTHLY',
      extensionAllowed: true,
      extensionPrice: 400,
      discountCode: null,
      giftedBy: null,
      user: { id: buyer.id, discordId: buyer.discordId, username: buyer.username },
      plan: { id: 1, name: 'Rooftop Runner', ownerId: U.mossforge },
    });
    expect(sub.expireDate).toBe(addPeriod(new Date(sub.purchaseDate), 'MONTHLY')?.toISOString());
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(550);
    expect((await balanceOf(ctx, U.mossforge)).earnings).toBe(developerBefore.earnings + 360);
    expect(await entriesOf(sub.id)).toEqual([
      { userId: buyer.id, account: 'CREDITS', type: 'PURCHASE', amount: -450 },
      { userId: U.mossforge, account: 'EARNINGS', type: 'DEVELOPER_EARNING', amount: 360 },
    ]);
  });

  it('answers, as the contract says, exactly what reading the new subscription answers, for a purchase and a gift', async () => {
    const buyer = await givenUser(ctx, { credits: 2000 });
    const receiver = await givenUser(ctx);
    const headers = await headersFor(ctx, buyer.id);
    const bought = await buy(headers, 'priceId=1');
    const gifted = await gift(headers, `discordId=${receiver.discordId}&priceId=1`);
    for (const answer of [bought, gifted]) {
      expect(answer.statusCode).toBe(201);
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/shop/subscriptions/${answer.json().id}`,
        headers: await asUser(ctx, 'admin'),
      });
      expect(read.statusCode).toBe(200);
      expect(answer.json()).toEqual(read.json());
      // The answer is written by fast-json-stringify from the contract: it still parses as the contract.
      expect(subscriptionResponse.strict().parse(answer.json())).toEqual(answer.json());
    }
  });

  it("keeps the whole sale for the product's own plans (owner id 3)", async () => {
    const buyer = await givenUser(ctx, { credits: 2000 });
    const ownerBefore = (await balanceOf(ctx, U.owner)).earnings;
    const res = await buy(await headersFor(ctx, buyer.id), 'priceId=6');
    expect(res.statusCode).toBe(201);
    expect((await balanceOf(ctx, U.owner)).earnings).toBe(ownerBefore + 1500);
  });

  it('applies the promo (rounded down) and adds the promo days to the period', async () => {
    const buyer = await givenUser(ctx, { credits: 20_000 });
    const headers = await headersFor(ctx, buyer.id);
    const yearly = (await buy(headers, 'priceId=2')).json();
    expect(yearly.purchasePrice).toBe(3780);
    expect(yearly.expireDate).toBe(addPeriod(new Date(yearly.purchaseDate), 'YEARLY')?.toISOString());

    const withDays = (await buy(headers, 'priceId=4')).json();
    expect(withDays.purchasePrice).toBe(500);
    const monthEnd = addPeriod(new Date(withDays.purchaseDate), 'MONTHLY') as Date;
    expect(withDays.expireDate).toBe(new Date(monthEnd.getTime() + 7 * 86_400_000).toISOString());
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(20_000 - 3780 - 500);
  });

  it.each([
    ['SIX_HOURS', 11, 6 * 3_600_000],
    ['DAILY', 13, 86_400_000],
    ['WEEKLY', 3, 7 * 86_400_000],
  ] as const)('a %s period lasts exactly its length in UTC', async (_period, priceId, length) => {
    const buyer = await givenUser(ctx, { credits: 1000 });
    const sub = (await buy(await headersFor(ctx, buyer.id), `priceId=${priceId}`)).json();
    expect(Date.parse(sub.expireDate) - Date.parse(sub.purchaseDate)).toBe(length);
  });

  it('a lifetime price never expires', async () => {
    const buyer = await givenUser(ctx, { credits: 50_000 });
    const sub = (await buy(await headersFor(ctx, buyer.id), 'priceId=8')).json();
    expect(sub).toMatchObject({
      expireDate: null,
      subscriptionPeriod: 'LIFETIME',
      status: 'Active',
      purchasePrice: 45_000,
    });
  });

  it('lets a buyer hold two paid subscriptions of the same price', async () => {
    const buyer = await givenUser(ctx, { credits: 1000 });
    const headers = await headersFor(ctx, buyer.id);
    expect((await buy(headers, 'priceId=3')).statusCode).toBe(201);
    expect((await buy(headers, 'priceId=3')).statusCode).toBe(201);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(700);
  });

  it('refuses without enough credits and leaves no subscription, entry or code use behind', async () => {
    const buyer = await givenUser(ctx, { credits: 100 });
    const usesBefore = await usesOf('ROOFTOP25');
    const res = await buy(await headersFor(ctx, buyer.id), 'priceId=1&discountCode=ROOFTOP25');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Not enough credits: this costs 337 credits and you have 100.' });
    expect(
      await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id)),
    ).toEqual([]);
    expect(await usesOf('ROOFTOP25')).toBe(usesBefore);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(100);
  });

  describe('discount codes', () => {
    it('applies a valid code after the promo, rounded down, and counts one use', async () => {
      const buyer = await givenUser(ctx, { credits: 1000 });
      const before = await usesOf('ROOFTOP25');
      const res = await buy(await headersFor(ctx, buyer.id), 'priceId=1&discountCode=%20rooftop25%20');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ purchasePrice: 337, discountCode: 'ROOFTOP25' });
      expect(await usesOf('ROOFTOP25')).toBe((before ?? 0) + 1);
      // 80% of what was paid, rounded down.
      expect((await entriesOf(res.json().id)).find((e) => e.type === 'DEVELOPER_EARNING')?.amount).toBe(269);
    });

    it('stacks a code on a promo: promo first, then the code', async () => {
      const { price } = await givenPriceOf(ctx, U.developer, { price: 999, promoDiscountPercent: 15 });
      await givenCode(ctx, { id: 'STACK33', priceId: price.id, discountPercent: 33 });
      const buyer = await givenUser(ctx, { credits: 1000 });
      const res = await buy(await headersFor(ctx, buyer.id), `priceId=${price.id}&discountCode=STACK33`);
      // floor(999 * 0.85) = 849, floor(849 * 0.67) = 568
      expect(res.json().purchasePrice).toBe(568);
    });

    it('makes a 100% code free and records no payment', async () => {
      const { price } = await givenPriceOf(ctx, U.developer, { price: 300 });
      await givenCode(ctx, { id: 'ALLFREE', priceId: price.id, discountPercent: 100 });
      const buyer = await givenUser(ctx);
      const res = await buy(await headersFor(ctx, buyer.id), `priceId=${price.id}&discountCode=ALLFREE`);
      expect(res.statusCode).toBe(201);
      expect(res.json().purchasePrice).toBe(0);
      expect(await entriesOf(res.json().id)).toEqual([]);
    });

    it.each([
      ['an unknown code', 1, 'NOPE99', 'This discount code does not exist.'],
      ['a malformed code', 1, 'no!', 'This discount code does not exist.'],
      ['a code of another price', 3, 'ROOFTOP25', 'This discount code is not valid for this price.'],
      ['a used-up code', 1, 'FIRST5', 'This discount code has been used up.'],
      ['an expired code', 37, 'SUMMER15', 'This discount code has expired.'],
      ['a disabled code', 26, 'HUNTER20', 'This discount code is disabled.'],
    ])('refuses %s with 400 and charges nothing', async (_case, priceId, code, message) => {
      const buyer = await givenUser(ctx, { credits: 5000 });
      const res = await buy(await headersFor(ctx, buyer.id), `priceId=${priceId}&discountCode=${code}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect((await balanceOf(ctx, buyer.id)).balance).toBe(5000);
    });

    it('refuses a code on a free price', async () => {
      const { price } = await givenPriceOf(ctx, U.developer, { price: 0 });
      await givenCode(ctx, { id: 'FREEBIE', priceId: price.id });
      const buyer = await givenUser(ctx);
      const res = await buy(await headersFor(ctx, buyer.id), `priceId=${price.id}&discountCode=FREEBIE`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This price is free, so no discount code is needed.');
    });
  });

  describe('validation and access', () => {
    it.each([
      ['no price', '', 'The price id must be a positive whole number.'],
      ['a text price', 'priceId=abc', 'The price id must be a positive whole number.'],
      ['a negative price', 'priceId=-1', 'The price id must be a positive whole number.'],
    ])('refuses %s with 400', async (_case, query, message) => {
      const res = await buy(await asUser(ctx, 'customer'), query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('answers 404 for an unknown price', async () => {
      const res = await buy(await asUser(ctx, 'customer'), 'priceId=99999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No price with id 99999.' });
    });

    it('needs a signed-in, unbanned caller', async () => {
      expect((await buy({}, 'priceId=1')).statusCode).toBe(401);
      expect((await buy(await asUser(ctx, 'banned'), 'priceId=1')).statusCode).toBe(401);
    });
  });
});

describe('POST /subscriptions/gift', () => {
  it('charges the giver with a GIFT entry and gives the receiver the subscription', async () => {
    const giver = await givenUser(ctx, { credits: 1000 });
    const receiver = await givenUser(ctx);
    const res = await gift(await headersFor(ctx, giver.id), `discordId=${receiver.discordId}&priceId=1`);
    expect(res.statusCode).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({
      user: { id: receiver.id },
      giftedBy: { id: giver.id, discordId: giver.discordId, username: giver.username },
      purchasePrice: 450,
    });
    expect(await entriesOf(sub.id)).toEqual([
      { userId: giver.id, account: 'CREDITS', type: 'GIFT', amount: -450 },
      { userId: U.mossforge, account: 'EARNINGS', type: 'DEVELOPER_EARNING', amount: 360 },
    ]);
    expect((await balanceOf(ctx, receiver.id)).balance).toBe(0);
  });

  it.each([
    ['a missing receiver', 'priceId=1', 'Please enter a valid discord id'],
    ['a blank receiver', 'discordId=%20%20&priceId=1', 'Please enter a valid discord id'],
    ['a receiver that is not an id', 'discordId=casey&priceId=1', 'Please enter a valid discord id'],
  ])('refuses %s with 400', async (_case, query, message) => {
    const res = await gift(await asUser(ctx, 'vip'), query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses an unknown receiver (404), yourself (400) and a banned receiver (409)', async () => {
    const headers = await asUser(ctx, 'vip');
    const unknown = await gift(headers, 'discordId=999999999999999999&priceId=1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No user with that Discord ID.');
    const self = await gift(headers, `discordId=${discordIdOf('vip')}&priceId=1`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot gift a subscription to yourself. Buy it instead.');
    const banned = await gift(headers, `discordId=${discordIdOf('banned')}&priceId=1`);
    expect(banned.statusCode).toBe(409);
    expect(banned.json().message).toBe('banned is banned and cannot receive subscriptions.');
  });

  it("checks the receiver's VIP and lists, not the giver's", async () => {
    // vip is a VIP, customer is not: a VIP-only gift to customer is refused.
    const res = await gift(await asUser(ctx, 'vip'), `discordId=${discordIdOf('customer')}&priceId=43`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This price is for VIP members only, and customer is not a VIP.');
    // developer is not on plan 12's whitelist but customer is.
    expect(
      (await gift(await asUser(ctx, 'developer'), `discordId=${discordIdOf('customer')}&priceId=20`))
        .statusCode,
    ).toBe(201);
    const notListed = await gift(
      await asUser(ctx, 'customer'),
      `discordId=${discordIdOf('developer')}&priceId=20`,
    );
    expect(notListed.json().message).toBe('developer is not on the whitelist for this price.');
  });

  it('needs a signed-in caller', async () => {
    expect((await gift({}, `discordId=${discordIdOf('customer')}&priceId=1`)).statusCode).toBe(401);
  });
});
