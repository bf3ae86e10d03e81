import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import {
  buySubscription,
  daysFromNow,
  givenListEntry,
  givenPriceOf,
  givenSubscription,
  givenUser,
  salePostingsOf,
  useTestAppWithCleanBooks,
} from '../../../test-support/test-data.ts';

// Which prices a buyer may buy: slots, enabled and hidden prices, VIP-only prices, whitelists and
// blacklists, free prices (POST /subscriptions; the sale itself is in purchase.test.ts).

const ctx = useTestAppWithCleanBooks();

const U = DEMO_USER_IDS;
const buy = (headers: Record<string, string>, query: string) => buySubscription(ctx, headers, query);
const entriesOf = (subscriptionId: number) => salePostingsOf(ctx, subscriptionId);

describe('POST /subscriptions: availability and eligibility', () => {
  it('refuses a full price', async () => {
    const buyer = await givenUser(ctx, { credits: 1000 });
    const res = await buy(await headersFor(ctx, buyer.id), 'priceId=30');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This price has no free slots.' });
  });

  it('counts paused subscriptions (even past their expire date) as holding a slot, expired ones not', async () => {
    const { plan, price } = await givenPriceOf(ctx, U.developer, { price: 10, slots: 2 });
    const holder = await givenUser(ctx);
    await givenSubscription(ctx, {
      userId: holder.id,
      planId: plan.id,
      priceId: price.id,
      expireDate: daysFromNow(-1),
      paused: true,
      pauseDate: daysFromNow(-3),
      pauseUsed: true,
      pauseDays: 14,
    });
    await givenSubscription(ctx, {
      userId: holder.id,
      planId: plan.id,
      priceId: price.id,
      expireDate: daysFromNow(-2),
    });
    const first = await givenUser(ctx, { credits: 100 });
    const second = await givenUser(ctx, { credits: 100 });
    expect((await buy(await headersFor(ctx, first.id), `priceId=${price.id}`)).statusCode).toBe(201);
    expect((await buy(await headersFor(ctx, second.id), `priceId=${price.id}`)).statusCode).toBe(409);
  });

  it('refuses a disabled price and a price of a disabled plan with 409', async () => {
    const buyer = await givenUser(ctx, { credits: 5000 });
    const headers = await headersFor(ctx, buyer.id);
    const draft = await buy(headers, 'priceId=28');
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe('This price is not available for purchase right now.');
    const disabledPlan = await buy(headers, 'priceId=47');
    expect(disabledPlan.statusCode).toBe(409);
    expect(disabledPlan.json().message).toBe('This plan is not available for purchase right now.');
  });

  it('sells a hidden price that is enabled (a developer shares or gifts it by link)', async () => {
    const { price } = await givenPriceOf(ctx, U.developer, { price: 10, hidden: true });
    const buyer = await givenUser(ctx, { credits: 10 });
    expect((await buy(await headersFor(ctx, buyer.id), `priceId=${price.id}`)).statusCode).toBe(201);
  });

  it('sells VIP-only prices to running VIPs and to the price whitelist only', async () => {
    const lapsedVip = await buy(await asUser(ctx, 'customer'), 'priceId=43');
    expect(lapsedVip.statusCode).toBe(409);
    expect(lapsedVip.json().message).toBe('This price is for VIP members only, and you are not a VIP.');

    expect((await buy(await asUser(ctx, 'vip'), 'priceId=43')).statusCode).toBe(201);
    // premium is no VIP but is on price 44's whitelist.
    expect((await buy(await asUser(ctx, 'premium'), 'priceId=44')).statusCode).toBe(201);
  });

  it('admits only the price whitelist when it has entries, else the plan whitelist', async () => {
    // Plan 12 (a private beta) whitelists customer and vip.
    const outsider = await buy(await asUser(ctx, 'developer'), 'priceId=20');
    expect(outsider.statusCode).toBe(409);
    expect(outsider.json().message).toBe('You are not on the whitelist for this price.');
    expect((await buy(await asUser(ctx, 'customer'), 'priceId=20')).statusCode).toBe(201);

    const { plan, price } = await givenPriceOf(ctx, U.developer, { price: 5 });
    const onPlan = await givenUser(ctx, { credits: 100 });
    const onPrice = await givenUser(ctx, { credits: 100 });
    await givenListEntry(ctx, { kind: 'WHITELIST', planId: plan.id, userId: onPlan.id });
    await givenListEntry(ctx, { kind: 'WHITELIST', priceId: price.id, userId: onPrice.id });
    expect((await buy(await headersFor(ctx, onPlan.id), `priceId=${price.id}`)).statusCode).toBe(409);
    expect((await buy(await headersFor(ctx, onPrice.id), `priceId=${price.id}`)).statusCode).toBe(201);
  });

  it('refuses an account on the plan or price blacklist', async () => {
    const { plan, price } = await givenPriceOf(ctx, U.developer, { price: 5 });
    const planBlocked = await givenUser(ctx, { credits: 100 });
    const priceBlocked = await givenUser(ctx, { credits: 100 });
    await givenListEntry(ctx, { kind: 'BLACKLIST', planId: plan.id, userId: planBlocked.id });
    await givenListEntry(ctx, { kind: 'BLACKLIST', priceId: price.id, userId: priceBlocked.id });
    for (const user of [planBlocked, priceBlocked]) {
      const res = await buy(await headersFor(ctx, user.id), `priceId=${price.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('You are blocked from buying this plan.');
    }
  });

  it('gives a free price once per running subscription, without any ledger entry', async () => {
    const already = await buy(await asUser(ctx, 'customer'), 'priceId=5');
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe('You already have this free subscription.');

    const newcomer = await givenUser(ctx);
    const headers = await headersFor(ctx, newcomer.id);
    const first = await buy(headers, 'priceId=5');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ purchasePrice: 0, expireDate: null });
    expect(await entriesOf(first.json().id)).toEqual([]);
    expect((await buy(headers, 'priceId=5')).statusCode).toBe(409);
  });
});
