import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';

const ctx = useTestApp();

const check = async (query: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/shop/subscriptions/discount-check?${query}`,
    headers: await asUser(ctx, 'customer'),
  });

describe('GET /subscriptions/discount-check', () => {
  it('tells the percent of a usable code without using it', async () => {
    const first = await check('priceId=2&discountCode=EMBER10');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ discountCode: 'EMBER10', discountPercent: 10 });
    const owner = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/discount-codes/EMBER10',
      headers: await asUser(ctx, 'owner'),
    });
    expect(owner.json().uses ?? 0).toBe(0);
  });

  it('explains why a code cannot be used', async () => {
    expect((await check('priceId=2&discountCode=NOPE99')).json()).toEqual({
      message: 'This discount code does not exist.',
    });
    expect((await check('priceId=2&discountCode=ROOFTOP25')).json().message).toBe(
      'This discount code is not valid for this price.',
    );
    expect((await check('priceId=1&discountCode=FIRST5')).json().message).toBe(
      'This discount code has been used up.',
    );
    expect((await check('priceId=37&discountCode=SUMMER15')).json().message).toBe(
      'This discount code has expired.',
    );
  });

  it('needs a code and a signed-in caller', async () => {
    expect((await check('priceId=2')).statusCode).toBe(400);
    const guest = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/subscriptions/discount-check?priceId=2&discountCode=EMBER10',
    });
    expect(guest.statusCode).toBe(401);
  });
});
