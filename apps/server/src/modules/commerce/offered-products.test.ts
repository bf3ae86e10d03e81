import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { COMMERCE, givenProduct, placeOrder } from './commerce.fixtures.ts';

// Issue 24, item 11: a server without Stripe or BTCPay keys and without the sandbox offers no card
// or crypto products (before, the sandbox stood in and its Pay button gave credits for nothing).
const ctx = useTestApp({ PAYMENTS_SANDBOX: 'false' });

describe('with no processor for card and crypto payments', () => {
  it('lists only the GP products', async () => {
    const headers = await asUser(ctx, 'customer');
    for (const url of [`${COMMERCE}/products`, `${COMMERCE}/products/by-name/credits`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      const processors = res.json().map((product: { paymentProcessor: string }) => product.paymentProcessor);
      expect(processors.length, url).toBeGreaterThan(0);
      expect(new Set(processors), url).toEqual(new Set(['GP']));
    }
  });

  it('answers 409 with a message for a card product asked by id or ordered, and keeps GP orders', async () => {
    const card = await givenProduct(ctx, { paymentProcessor: 'STRIPE' });
    const crypto = await givenProduct(ctx, { paymentProcessor: 'CRYPTO' });
    const gp = await givenProduct(ctx, { paymentProcessor: 'GP', currency: 'GP' });
    const buyer = await givenUser(ctx);
    const headers = await asUser(ctx, 'customer');
    const byId = await ctx.app.inject({ method: 'GET', url: `${COMMERCE}/products/${card.id}`, headers });
    expect(byId.statusCode).toBe(409);
    expect(byId.json()).toEqual({ message: 'Card payments are not available on this store right now.' });
    const cardOrder = await placeOrder(ctx, buyer.id, { amount: 1, productId: card.id });
    expect(cardOrder.statusCode).toBe(409);
    const cryptoOrder = await placeOrder(ctx, buyer.id, { amount: 1, productId: crypto.id });
    expect(cryptoOrder.json()).toEqual({
      message: 'Crypto payments are not available on this store right now.',
    });
    const gpOrder = await placeOrder(ctx, buyer.id, { amount: 1, productId: gp.id });
    expect(gpOrder.statusCode, gpOrder.body).toBe(201);
    expect(ctx.app.hasRoute({ method: 'GET', url: '/sandbox-checkout/:paymentId' })).toBe(false);
  });
});

// Issue 24, item 14: admins may refund orders, so they may read an order's full detail.
describe('GET orders/{id}/full', () => {
  it('answers an admin', async () => {
    const gp = await givenProduct(ctx, { paymentProcessor: 'GP', currency: 'GP' });
    const buyer = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 1, productId: gp.id })).json();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders/${placed.id}/full`,
      headers: await asUser(ctx, 'admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: placed.id, buyer: { id: buyer.id }, payments: [] });
  });
});
