import {
  ORDER_RECEIPT_NOT_COMPLETED_MESSAGE,
  orderReceiptFilename,
  orderReceiptPath,
} from '@ember/contracts/exports';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { readPdf } from '../../../test-support/read-pdf.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import { COMMERCE, givenProduct, openCheckout, paymentsOf, placeOrder } from './commerce.fixtures.ts';

// Issue 35 item 4: a completed order's receipt, read back as text from the PDF (decision 0054).

const ctx = useTestApp({
  PUBLIC_URL: 'http://shop.test',
  BRAND_NAME: 'Ember Test Store',
  BRAND_STUDIO_NAME: 'Northlight Receipts Ltd',
});

const receipt = (headers: Record<string, string>, id: number) =>
  ctx.app.inject({ method: 'GET', url: `${COMMERCE}${orderReceiptPath(id)}`, headers });

/** 1,000 credits for €10.00, paid on the sandbox checkout (the embedded default's card processor). */
async function paidCreditsOrder() {
  const buyer = await givenUser(ctx, { displayName: 'Rhea Receipts 🔥' });
  const placed = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).json();
  const location = String((await openCheckout(ctx, buyer.id, placed.id)).headers.location);
  const pay = await ctx.app.inject({ method: 'POST', url: `${new URL(location).pathname}/pay` });
  expect(pay.statusCode).toBe(303);
  const check = await ctx.app.inject({
    method: 'POST',
    url: `${COMMERCE}/orders/${placed.id}/check`,
    headers: await headersFor(ctx, buyer.id),
  });
  expect(check.json()).toMatchObject({ orderStatus: 'completed' });
  return { buyer, orderId: placed.id as number, headers: await headersFor(ctx, buyer.id) };
}

describe('GET /orders/{id}/receipt', () => {
  it("gives the buyer a PDF with the store, the order, euros and credits, the method and the processor's reference", async () => {
    const { buyer, orderId, headers } = await paidCreditsOrder();
    const [payment] = await paymentsOf(ctx, orderId);

    const res = await receipt(headers, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${orderReceiptFilename(orderId)}"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.info).toMatchObject({ Title: `Ember Test Store receipt for order #${orderId}` });
    for (const text of [
      'Ember Test Store',
      'Receipt',
      `Order #${orderId}`,
      'Northlight Receipts Ltd',
      '€10.00',
      '1,000 credits',
      'Rhea Receipts ?',
      buyer.username,
      'Card, through Stripe (sandbox: a test payment, no money moved)',
      payment?.providerId ?? 'missing payment',
      'not a tax invoice',
    ]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.links).toContain('http://shop.test/');
  });

  it('refuses another customer as not theirs; payments staff and admins may read it; guests must sign in', async () => {
    const { orderId } = await paidCreditsOrder();
    const stranger = await givenUser(ctx);
    const refused = await receipt(await headersFor(ctx, stranger.id), orderId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REFUSAL_MESSAGES.NOT_YOURS);
    expect((await receipt({}, orderId)).statusCode).toBe(401);
    for (const staff of ['payments', 'admin'] as const) {
      const res = await receipt(await asUser(ctx, staff), orderId);
      expect(res.statusCode, staff).toBe(200);
      expect((await readPdf(res.rawPayload)).text).toContain(`Order #${orderId}`);
    }
    expect((await receipt(await asUser(ctx, 'admin'), 987_654)).statusCode).toBe(404);
    expect((await receipt(await asUser(ctx, 'admin'), 0)).statusCode).toBe(400);
  });

  it('has none for an order not completed, and names a GP trade and who completed it', async () => {
    const product = await givenProduct(ctx, { paymentProcessor: 'GP', currency: 'GP', pricePerUnit: 40_000 });
    const buyer = await givenUser(ctx);
    const headers = await headersFor(ctx, buyer.id);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 500, productId: product.id })).json();

    const pending = await receipt(headers, placed.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(ORDER_RECEIPT_NOT_COMPLETED_MESSAGE);

    const done = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${placed.id}/complete`,
      headers: await asUser(ctx, 'payments'),
    });
    expect(done.statusCode).toBe(200);
    const text = (await readPdf((await receipt(headers, placed.id)).rawPayload)).text;
    expect(text).toContain('20M GP');
    expect(text).toContain('500 credits');
    expect(text).toContain('In-game GP trade');
    expect(text).toContain('Completed by payments');
  });
});
