import type { NewDiscountCode } from '@ember/db/schema/discount-codes';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { daysFromNow, givenCode, givenPriceOf, givenUser } from '../../../test-support/test-data.ts';

// One definition of a usable code (decision 0045): what the buyer's check promises before
// confirming is what the sale does, and both give the same reason when a code does not work.

const ctx = useTestApp();

let nextAddress = 1;

/** A fresh buyer with credits, asking from an address of their own (refused codes are limited per address). */
async function buyer() {
  const user = await givenUser(ctx, { credits: 10_000 });
  const headers = await headersFor(ctx, user.id);
  const remoteAddress = `198.51.100.${nextAddress++}`;
  return {
    check: (priceId: number, code: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/shop/subscriptions/discount-check?priceId=${priceId}&discountCode=${code}`,
        headers,
        remoteAddress,
      }),
    buy: (priceId: number, code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/shop/subscriptions?priceId=${priceId}&discountCode=${code}`,
        headers,
        remoteAddress,
      }),
  };
}

const usesOf = async (code: string) => {
  const owner = await givenUser(ctx, { roles: ['CUSTOMER', 'ADMIN'] });
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/shop/discount-codes/${code}`,
    headers: await headersFor(ctx, owner.id),
  });
  return res.json().uses as number;
};

const CASES: { name: string; code: Partial<NewDiscountCode>; otherPrice?: true; answer: string | number }[] =
  [
    { name: 'a usable code', code: { discountPercent: 20 }, answer: 20 },
    {
      name: 'a code of another price',
      code: {},
      otherPrice: true,
      answer: 'This discount code is not valid for this price.',
    },
    { name: 'a disabled code', code: { enabled: false }, answer: 'This discount code is disabled.' },
    {
      name: 'an expired code',
      code: { validUntil: daysFromNow(-1) },
      answer: 'This discount code has expired.',
    },
    { name: 'a used-up code', code: { maxUses: 2, uses: 2 }, answer: 'This discount code has been used up.' },
  ];

describe('a discount code', () => {
  it.each(CASES)('$name: the check and the purchase answer alike', async ({ code, otherPrice, answer }) => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { price } = await givenPriceOf(ctx, developer.id, { price: 500 });
    const { price: other } = await givenPriceOf(ctx, developer.id, { price: 500 });
    const row = await givenCode(ctx, { priceId: otherPrice ? other.id : price.id, ...code });
    const { check, buy } = await buyer();

    const checked = await check(price.id, row.id);
    const usesAfterCheck = await usesOf(row.id);
    const bought = await buy(price.id, row.id);
    if (typeof answer === 'number') {
      expect(checked.json()).toEqual({ discountCode: row.id, discountPercent: answer });
      expect(usesAfterCheck).toBe(row.uses);
      expect(bought.statusCode).toBe(201);
      expect(bought.json()).toMatchObject({
        discountCode: row.id,
        purchasePrice: 500 - (500 * answer) / 100,
      });
      expect(await usesOf(row.id)).toBe(row.uses + 1);
    } else {
      expect([checked.statusCode, bought.statusCode]).toEqual([400, 400]);
      expect([checked.json().message, bought.json().message]).toEqual([answer, answer]);
      expect(await usesOf(row.id)).toBe(row.uses);
    }
  });

  it('that does not exist is refused alike', async () => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { price } = await givenPriceOf(ctx, developer.id, { price: 500 });
    const { check, buy } = await buyer();
    const answers = [await check(price.id, 'NOSUCHCODE'), await buy(price.id, 'NOSUCHCODE')];
    expect(answers.map((res) => res.json().message)).toEqual([
      'This discount code does not exist.',
      'This discount code does not exist.',
    ]);
  });
});
