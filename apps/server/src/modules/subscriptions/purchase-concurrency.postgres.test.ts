import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { discountCodes } from '@ember/db/schema/discount-codes';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  expectLedgerClean,
  givenCode,
  givenPriceOf,
  givenUser,
} from '../../../test-support/test-data.ts';

// Races that only real row locks settle: the requests run as truly concurrent transactions over a
// pool. PostgreSQL only (`*.postgres.test.ts`): on PGlite (one connection) they would queue, and the
// test could not fail. Every response must be a success or a clear refusal, never a 500.

const ctx = useTestApp();

const buy = async (userId: number, query: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/shop/subscriptions?${query}`,
    headers: await headersFor(ctx, userId),
  });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((tally, res) => {
    tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1;
    return tally;
  }, {});

const activeOf = (priceId: number) =>
  ctx.database.db.select().from(subscriptions).where(eq(subscriptions.priceId, priceId));

describe('concurrent purchases', () => {
  it('50 parallel purchases by a buyer who can afford exactly 10: exactly 10 succeed', async () => {
    const { price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, { price: 70 });
    const buyer = await givenUser(ctx, { credits: 700 });
    const headers = await headersFor(ctx, buyer.id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.app.inject({ method: 'POST', url: `/api/shop/subscriptions?priceId=${price.id}`, headers }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 10, 400: 40 });
    expect(responses.find((res) => res.statusCode === 400)?.json().message).toMatch(/^Not enough credits/);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(0);
    expect(await activeOf(price.id)).toHaveLength(10);
    await expectLedgerClean(ctx);
  });

  it('50 buyers racing for 5 slots: exactly 5 get one', async () => {
    const { price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, { price: 30, slots: 5 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => givenUser(ctx, { credits: 30 })));
    const responses = await Promise.all(buyers.map((buyer) => buy(buyer.id, `priceId=${price.id}`)));
    expect(statuses(responses)).toEqual({ 201: 5, 409: 45 });
    expect(responses.find((res) => res.statusCode === 409)?.json()).toEqual({
      message: 'This price has no free slots.',
    });
    expect(await activeOf(price.id)).toHaveLength(5);
    const charged = await Promise.all(buyers.map(async (buyer) => (await balanceOf(ctx, buyer.id)).balance));
    expect(charged.filter((balance) => balance === 0)).toHaveLength(5);
    expect(charged.filter((balance) => balance === 30)).toHaveLength(45);
    await expectLedgerClean(ctx);
  });

  it('a code with 3 uses, tried by 20 buyers at once: exactly 3 uses and 3 discounted subscriptions', async () => {
    const { price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, { price: 100 });
    await givenCode(ctx, { id: 'RACE3', priceId: price.id, discountPercent: 50, maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => givenUser(ctx, { credits: 100 })));
    const responses = await Promise.all(
      buyers.map((buyer) => buy(buyer.id, `priceId=${price.id}&discountCode=RACE3`)),
    );
    expect(statuses(responses)).toEqual({ 201: 3, 400: 17 });
    expect(responses.find((res) => res.statusCode === 400)?.json()).toEqual({
      message: 'This discount code has been used up.',
    });
    const [code] = await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.id, 'RACE3'));
    expect(code?.uses).toBe(3);
    const sold = await activeOf(price.id);
    expect(sold.map((sub) => [sub.purchasePrice, sub.discountCodeId])).toEqual(Array(3).fill([50, 'RACE3']));
    await expectLedgerClean(ctx);
  });

  it('20 parallel claims of a free price by one buyer (no price lock): exactly one subscription', async () => {
    const { price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, { price: 0 });
    const buyer = await givenUser(ctx, { credits: 0 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => buy(buyer.id, `priceId=${price.id}`)),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: 19 });
    expect(responses.find((res) => res.statusCode === 409)?.json()).toEqual({
      message: 'You already have this free subscription.',
    });
    expect(await activeOf(price.id)).toHaveLength(1);
    await expectLedgerClean(ctx);
  });

  it('40 buyers of one unlimited price at once: all sold, each charged once, the developer paid for each', async () => {
    const { price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, { price: 50 });
    const earningsBefore = (await balanceOf(ctx, DEMO_USER_IDS.developer)).earnings;
    const buyers = await Promise.all(Array.from({ length: 40 }, () => givenUser(ctx, { credits: 50 })));
    const responses = await Promise.all(buyers.map((buyer) => buy(buyer.id, `priceId=${price.id}`)));
    expect(statuses(responses)).toEqual({ 201: 40 });
    expect(await activeOf(price.id)).toHaveLength(40);
    const balances = await Promise.all(buyers.map(async (buyer) => (await balanceOf(ctx, buyer.id)).balance));
    expect(balances).toEqual(Array(40).fill(0));
    expect((await balanceOf(ctx, DEMO_USER_IDS.developer)).earnings - earningsBefore).toBe(40 * 40);
    await expectLedgerClean(ctx);
  });
});
