import { DEMO_ACCOUNTS } from '@ember/db/demo/demo-accounts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { givenPriceOf, givenUser, useTestAppWithCleanBooks } from '../../../test-support/test-data.ts';

// Three codes that do not work per account and per address within an hour; the fourth try is refused.

const ctx = useTestAppWithCleanBooks({ DISCOUNT_CODE_FAILURES_PER_HOUR: '3' });

const ownerDiscordId = DEMO_ACCOUNTS.find((account) => account.username === 'owner')?.discordId ?? '';
const LIMIT_MESSAGE =
  /^Too many discount codes that did not work\. You can try another code in (60|59) minutes\.$/;

let nextAddress = 1;
/** A new account with credits, calling from an address no other test uses. */
async function newTrier() {
  const user = await givenUser(ctx, { credits: 10_000 });
  const headers = await headersFor(ctx, user.id);
  const remoteAddress = `198.51.100.${nextAddress++}`;
  const send = (request: InjectOptions) => ctx.app.inject({ ...request, headers, remoteAddress });
  return {
    user,
    headers,
    remoteAddress,
    check: (code: string, priceId = 2) =>
      send({
        method: 'GET',
        url: `/api/shop/subscriptions/discount-check?priceId=${priceId}&discountCode=${code}`,
      }),
    buy: (priceId: number, code?: string) =>
      send({
        method: 'POST',
        url: `/api/shop/subscriptions?priceId=${priceId}${code ? `&discountCode=${code}` : ''}`,
      }),
    gift: (priceId: number, code: string) =>
      send({
        method: 'POST',
        url: `/api/shop/subscriptions/gift?priceId=${priceId}&discordId=${ownerDiscordId}&discountCode=${code}`,
      }),
  };
}

describe('discount codes that do not work', () => {
  it('are refused with 429 after the limit, on the check, the purchase and the gift', async () => {
    const trier = await newTrier();
    for (const guess of ['GUESS1', 'GUESS2', 'GUESS3']) {
      const res = await trier.check(guess);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'This discount code does not exist.' });
    }
    const fourth = await trier.check('EMBER10');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(LIMIT_MESSAGE);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500);

    const { price } = await givenPriceOf(ctx, 3, { price: 100 });
    expect((await trier.buy(price.id, 'GUESS4')).statusCode).toBe(429);
    expect((await trier.gift(price.id, 'GUESS5')).statusCode).toBe(429);
  });

  it('count together across the check, the purchase and the gift', async () => {
    const trier = await newTrier();
    const { price } = await givenPriceOf(ctx, 3, { price: 100 });
    expect((await trier.buy(price.id, 'WRONG1')).json()).toEqual({
      message: 'This discount code does not exist.',
    });
    expect((await trier.gift(price.id, 'WRONG2')).statusCode).toBe(400);
    expect((await trier.check('ROOFTOP25')).json()).toEqual({
      message: 'This discount code is not valid for this price.',
    });
    const refused = await trier.buy(price.id, 'WRONG3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(LIMIT_MESSAGE);
  });

  it('still lets the refused buyer buy without a code', async () => {
    const trier = await newTrier();
    for (const guess of ['NOPE1', 'NOPE2', 'NOPE3', 'NOPE4']) await trier.check(guess);
    const { price } = await givenPriceOf(ctx, 3, { price: 100 });
    expect((await trier.buy(price.id)).statusCode).toBe(201);
  });

  it('do not count a code that works', async () => {
    const trier = await newTrier();
    for (let i = 0; i < 6; i++) expect((await trier.check('EMBER10')).statusCode).toBe(200);
  });

  it('are counted per address: a fresh account on the same address is refused too', async () => {
    const first = await newTrier();
    for (const guess of ['GUESSA1', 'GUESSA2', 'GUESSA3']) await first.check(guess);
    const second = await newTrier();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/subscriptions/discount-check?priceId=2&discountCode=GUESSA4',
      headers: second.headers,
      remoteAddress: first.remoteAddress,
    });
    expect(res.statusCode).toBe(429);
    expect((await second.check('GUESSA5')).statusCode).toBe(400);
  });

  it('are counted per account: a new address does not reset them', async () => {
    const trier = await newTrier();
    for (const guess of ['GUESSB1', 'GUESSB2', 'GUESSB3']) await trier.check(guess);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/subscriptions/discount-check?priceId=2&discountCode=GUESSB4',
      headers: trier.headers,
      remoteAddress: '203.0.113.200',
    });
    expect(res.statusCode).toBe(429);
  });

  it('cannot slip past the limit by guessing many at once', async () => {
    const trier = await newTrier();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => trier.check(`BURST${i}`)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
  });
});
