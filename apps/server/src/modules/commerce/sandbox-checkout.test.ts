import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  COMMERCE,
  givenProduct,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
  stockOf,
} from './commerce.fixtures.ts';

// The embedded default: no processor keys, so card and crypto orders pay through the sandbox
// checkout, whose buttons send signed webhooks through the same fulfilment as Stripe and BTCPay.

const ctx = useTestApp({ PUBLIC_URL: 'http://shop.test' });

const checkoutPath = (location: string) => new URL(location).pathname;

describe('sandbox checkout', () => {
  it('buys 1,000 credits: 201 with Location, Pay on the sandbox page, back to the return page, balance +1,000 once', async () => {
    const buyer = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).json();
    expect(placed).toMatchObject({ totalPrice: 1_000, currency: 'EUR', orderStatus: 'pending' });

    const payment = await openCheckout(ctx, buyer.id, placed.id);
    expect(payment.statusCode).toBe(201);
    const location = String(payment.headers.location);
    expect(location).toMatch(/^http:\/\/shop\.test\/sandbox-checkout\/sbx_[0-9a-f]{24}$/);
    expect(payment.json()).toMatchObject({ orderId: placed.id, checkoutUrl: location });
    expect((await orderRow(ctx, placed.id)).status).toBe('awaiting_payment');

    const page = await ctx.app.inject({ method: 'GET', url: checkoutPath(location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay €10.00');
    expect(page.body).toContain('Cancel');

    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${checkoutPath(location)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/checkout/${placed.id}`);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);

    // Pressing Pay again (a double click, the back button) changes nothing.
    await ctx.app.inject({ method: 'POST', url: `${checkoutPath(location)}/pay` });
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);

    const check = await ctx.app.inject({
      method: 'POST',
      url: `${COMMERCE}/orders/${placed.id}/check`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(check.json()).toMatchObject({ orderStatus: 'completed' });
    expect((await paymentsOf(ctx, placed.id)).map((row) => row.status)).toEqual(['paid']);
    await expectLedgerClean(ctx);
  });

  it('answers a retried POST payments with the same open checkout', async () => {
    const buyer = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 500, productId: 1 })).json();
    const first = await openCheckout(ctx, buyer.id, placed.id);
    const second = await openCheckout(ctx, buyer.id, placed.id);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await paymentsOf(ctx, placed.id)).toHaveLength(1);
  });

  it('buys VIP: 30 days and the VIP role', async () => {
    const buyer = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 1, productId: 6 })).json();
    expect(placed.totalPrice).toBe(1_500);
    const location = String((await openCheckout(ctx, buyer.id, placed.id)).headers.location);
    await ctx.app.inject({ method: 'POST', url: `${checkoutPath(location)}/pay` });
    const account = await accountOf(ctx, buyer.id);
    expect(account.roles).toContain('VIP');
    expect((account.vipUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  });

  it('Cancel fails the attempt, gives the stock back, and the buyer can try again', async () => {
    const product = await givenProduct(ctx, {
      kind: 'GP',
      stock: 50,
      unitSize: 1_000_000,
      priceUnit: '1M GP',
    });
    const buyer = await givenUser(ctx);
    const placed = (
      await placeOrder(ctx, buyer.id, { amount: 20, productId: product.id, extraInfo: 'IGN' })
    ).json();
    expect(await stockOf(ctx, product.id)).toBe(30);
    const location = String((await openCheckout(ctx, buyer.id, placed.id)).headers.location);
    const cancel = await ctx.app.inject({ method: 'POST', url: `${checkoutPath(location)}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect((await orderRow(ctx, placed.id)).status).toBe('cancelled');
    expect(await stockOf(ctx, product.id)).toBe(50);

    const retry = await openCheckout(ctx, buyer.id, placed.id);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers.location).not.toBe(location);
    expect(await stockOf(ctx, product.id)).toBe(30);
    await ctx.app.inject({ method: 'POST', url: `${checkoutPath(String(retry.headers.location))}/pay` });
    // A GP delivery waits for payments staff.
    expect((await orderRow(ctx, placed.id)).status).toBe('processing');
    expect((await paymentsOf(ctx, placed.id)).map((row) => row.status)).toEqual(['cancelled', 'paid']);
    // The cancelled first attempt's page no longer offers Pay.
    const stale = await ctx.app.inject({ method: 'GET', url: checkoutPath(location) });
    expect(stale.body).not.toContain('Pay ');
  });

  it("refuses to open a checkout for someone else's order or a completed one", async () => {
    const buyer = await givenUser(ctx);
    const other = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 500, productId: 1 })).json();
    expect((await openCheckout(ctx, other.id, placed.id)).statusCode).toBe(403);
    const location = String((await openCheckout(ctx, buyer.id, placed.id)).headers.location);
    await ctx.app.inject({ method: 'POST', url: `${checkoutPath(location)}/pay` });
    const again = await openCheckout(ctx, buyer.id, placed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order cannot be paid any more.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox-checkout/sbx_nope' })).statusCode).toBe(400);
  });

  it('refuses a sandbox webhook with a forged signature and changes nothing', async () => {
    const buyer = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 500, productId: 1 })).json();
    const location = String((await openCheckout(ctx, buyer.id, placed.id)).headers.location);
    const paymentId = location.split('/').pop();
    const body = JSON.stringify({
      id: 'sbxevt_forged',
      type: 'sandbox.payment.succeeded',
      data: { paymentId },
    });
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    expect((await orderRow(ctx, placed.id)).status).toBe('awaiting_payment');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
  });
});
