import { orders } from '@ember/db/schema/commerce';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import {
  expirySweep,
  givenProduct,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
  stockOf,
} from './commerce.fixtures.ts';

// Unpaid card and crypto orders expire after ORDER_EXPIRY_MINUTES and give their stock back; paid
// ones, GP-paid ones (waiting for staff) and young ones are left alone.

const ctx = useTestApp({ ORDER_EXPIRY_MINUTES: '30' });

describe('expireUnpaidOrders', () => {
  it('expires unpaid orders older than the expiry, releasing their stock and closing the open checkout', async () => {
    const product = await givenProduct(ctx, {
      kind: 'GP',
      stock: 100,
      unitSize: 1_000_000,
      priceUnit: '1M GP',
    });
    const gpPaid = await givenProduct(ctx, { paymentProcessor: 'GP', currency: 'GP', pricePerUnit: 40_000 });
    const buyer = await givenUser(ctx);
    const pending = (await placeOrder(ctx, buyer.id, { amount: 10, productId: product.id })).json();
    const awaiting = (await placeOrder(ctx, buyer.id, { amount: 20, productId: product.id })).json();
    await openCheckout(ctx, buyer.id, awaiting.id);
    const paid = (await placeOrder(ctx, buyer.id, { amount: 5, productId: product.id })).json();
    const paidCheckout = String((await openCheckout(ctx, buyer.id, paid.id)).headers.location);
    await ctx.app.inject({ method: 'POST', url: `${new URL(paidCheckout).pathname}/pay` });
    const trade = (await placeOrder(ctx, buyer.id, { amount: 1, productId: gpPaid.id })).json();
    expect(await stockOf(ctx, product.id)).toBe(65);

    const young = (await placeOrder(ctx, buyer.id, { amount: 1, productId: product.id })).json();
    // 31 minutes later for every order but the young one, placed 29 minutes before the sweep.
    const now = new Date(Date.now() + 31 * 60_000);
    await ctx.database.db
      .update(orders)
      .set({ creationDate: new Date(now.getTime() - 29 * 60_000) })
      .where(eq(orders.id, young.id));
    // The seeded unpaid card order (10 minutes old) expires along with these two.
    expect(await expirySweep(ctx)(now, 30)).toBe(3);

    expect((await orderRow(ctx, pending.id)).status).toBe('expired');
    expect((await orderRow(ctx, awaiting.id)).status).toBe('expired');
    expect((await paymentsOf(ctx, awaiting.id)).map((row) => row.status)).toEqual(['expired']);
    expect((await orderRow(ctx, paid.id)).status).toBe('processing');
    expect((await orderRow(ctx, trade.id)).status).toBe('pending');
    expect((await orderRow(ctx, young.id)).status).toBe('pending');
    expect(await stockOf(ctx, product.id)).toBe(94);
    // Run again: nothing more to do.
    expect(await expirySweep(ctx)(now, 30)).toBe(0);
  });
});
