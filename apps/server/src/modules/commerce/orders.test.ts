import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import { accountOf, COMMERCE, givenProduct, orderRow, placeOrder, stockOf } from './commerce.fixtures.ts';

const ctx = useTestApp();

describe('products', () => {
  it('lists the seeded products of a page with their bulk discounts, and refuses guests', async () => {
    const headers = await asUser(ctx, 'customer');
    const res = await ctx.app.inject({ method: 'GET', url: `${COMMERCE}/products/by-name/vip`, headers });
    expect(res.statusCode).toBe(200);
    const vip = res.json();
    expect(vip.map((product: { kind: string }) => product.kind)).toEqual(['VIP', 'VIP', 'VIP']);
    expect(
      vip.find((product: { paymentProcessor: string }) => product.paymentProcessor === 'STRIPE'),
    ).toMatchObject({
      pricePerUnit: 1500,
      currency: 'EUR',
      bulkDiscounts: [
        { discountThreshold: 6, extraAmount: 1 },
        { discountThreshold: 12, extraAmount: 3 },
      ],
    });
    expect((await ctx.app.inject({ method: 'GET', url: `${COMMERCE}/products` })).statusCode).toBe(401);
    const gp = await ctx.app.inject({ method: 'GET', url: `${COMMERCE}/products?kind=gp`, headers });
    expect(gp.json().every((product: { kind: string }) => product.kind === 'GP')).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${COMMERCE}/products/by-name/gold`, headers })).statusCode,
    ).toBe(400);
  });
});

describe('POST orders', () => {
  it('prices the order on the server: a tampered client total, price and discount are ignored', async () => {
    const product = await givenProduct(ctx, { pricePerUnit: 15, discountPercent: 10 }, [
      { discountThreshold: 3, extraAmount: 1 },
    ]);
    const buyer = await givenUser(ctx);
    const res = await placeOrder(ctx, buyer.id, {
      amount: 3,
      productId: product.id,
      extraInfo: 'hi',
      totalPrice: 1,
      total: 1,
      unitPrice: 0,
      discountPercent: 100,
      bonusAmount: 1000,
    });
    expect(res.statusCode).toBe(201);
    // 3 × 15 = 45 cents, 10% off = 40.5 → 41; the bulk tier at 3 gives 1 extra unit.
    expect(res.json()).toMatchObject({
      amount: 3,
      bonusAmount: 1,
      unitPrice: 15,
      discountPercent: 10,
      totalPrice: 41,
      orderStatus: 'pending',
      extraInfo: 'hi',
      buyer: { id: buyer.id },
    });
    expect((await orderRow(ctx, res.json().id)).total).toBe(41);
  });

  it('enforces minimum and maximum purchase with clear messages', async () => {
    const product = await givenProduct(ctx, { minimumPurchase: 10, maximumPurchase: 20 });
    const buyer = await givenUser(ctx);
    const low = await placeOrder(ctx, buyer.id, { amount: 9, productId: product.id });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ message: 'The minimum purchase is 10.' });
    const high = await placeOrder(ctx, buyer.id, { amount: 21, productId: product.id });
    expect(high.json()).toEqual({ message: 'The maximum purchase is 20.' });
    expect((await placeOrder(ctx, buyer.id, { amount: 20, productId: product.id })).statusCode).toBe(201);
  });

  it('reserves stock with the order (bonus units included) and refuses what is not there', async () => {
    const product = await givenProduct(
      ctx,
      { kind: 'GP', stock: 10, unitSize: 1_000_000, priceUnit: '1M GP' },
      [{ discountThreshold: 5, extraAmount: 1 }],
    );
    const buyer = await givenUser(ctx);
    expect((await placeOrder(ctx, buyer.id, { amount: 5, productId: product.id })).statusCode).toBe(201);
    expect(await stockOf(ctx, product.id)).toBe(4);
    const tooMany = await placeOrder(ctx, buyer.id, { amount: 5, productId: product.id });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: 'Only 4 left in stock.' });
    expect((await placeOrder(ctx, buyer.id, { amount: 4, productId: product.id })).statusCode).toBe(201);
    const empty = await placeOrder(ctx, buyer.id, { amount: 1, productId: product.id });
    expect(empty.json()).toEqual({ message: 'This product is out of stock.' });
  });

  it.each([
    ['no body', undefined],
    ['an array', [1]],
    ['a text amount', { amount: '5', productId: 1 }],
    ['a zero amount', { amount: 0, productId: 1 }],
    ['a fractional amount', { amount: 1.5, productId: 1 }],
    ['a missing product', { amount: 1 }],
    ['a huge extraInfo', { amount: 100, productId: 1, extraInfo: 'x'.repeat(501) }],
  ])('answers %s with a 400 and a message', async (_what, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${COMMERCE}/orders`,
      headers: { ...(await asUser(ctx, 'customer')), 'content-type': 'application/json' },
      payload: payload === undefined ? '' : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers an unknown or disabled product with 404', async () => {
    const disabled = await givenProduct(ctx, { enabled: false });
    const buyer = await givenUser(ctx);
    expect((await placeOrder(ctx, buyer.id, { amount: 1, productId: 999_999 })).statusCode).toBe(404);
    const res = await placeOrder(ctx, buyer.id, { amount: 1, productId: disabled.id });
    expect(res.json()).toEqual({ message: 'This product is not available.' });
  });
});

describe('reading orders', () => {
  it('shows buyers their own orders only, and payments staff every order', async () => {
    const product = await givenProduct(ctx);
    const buyer = await givenUser(ctx);
    const other = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 2, productId: product.id })).json();
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders/my`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(mine.json().map((order: { id: number }) => order.id)).toEqual([placed.id]);
    const stranger = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders/${placed.id}/full`,
      headers: await headersFor(ctx, other.id),
    });
    expect(stranger.statusCode).toBe(403);
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders/${placed.id}/full`,
      headers: await asUser(ctx, 'payments'),
    });
    expect(staff.json()).toMatchObject({
      id: placed.id,
      payments: [],
      deliveredUnits: 2,
      buyer: { id: buyer.id },
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(list.statusCode).toBe(403);
  });

  it('pages, sorts and searches the orders dashboard', async () => {
    const headers = await asUser(ctx, 'payments');
    const first = await ctx.app.inject({ method: 'GET', url: `${COMMERCE}/orders?size=5`, headers });
    expect(first.statusCode).toBe(200);
    const dates = first.json().content.map((order: { creationDate: string }) => order.creationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const byStatus = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders?orderStatus=disputed`,
      headers,
    });
    expect(
      byStatus.json().content.every((order: { orderStatus: string }) => order.orderStatus === 'disputed'),
    ).toBe(true);
    // The specification's upper-case enum filters the same way (issue 34).
    const upperCase = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders?orderStatus=PENDING&size=100`,
      headers,
    });
    expect(upperCase.statusCode, upperCase.body).toBe(200);
    const pending = upperCase.json().content.map((order: { orderStatus: string }) => order.orderStatus);
    expect(pending.length).toBeGreaterThan(0);
    expect(new Set(pending)).toEqual(new Set(['pending']));
    const search = await ctx.app.inject({ method: 'GET', url: `${COMMERCE}/orders?search=3`, headers });
    expect(search.json().content.map((order: { id: number }) => order.id)).toContain(3);
    const byTotal = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders?sort=totalPrice,asc&size=100`,
      headers,
    });
    const totals = byTotal.json().content.map((order: { totalPrice: number }) => order.totalPrice);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => a - b));
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders?sort=buyer.password`,
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT orders/{id}/complete', () => {
  it('completes a GP-paid credits order once: credits arrive, audited, and a second complete is a no-op', async () => {
    const product = await givenProduct(ctx, { paymentProcessor: 'GP', currency: 'GP', pricePerUnit: 40_000 });
    const buyer = await givenUser(ctx);
    const placed = (
      await placeOrder(ctx, buyer.id, { amount: 500, productId: product.id, extraInfo: 'IGN: Buyer' })
    ).json();
    expect(placed).toMatchObject({ orderStatus: 'pending', totalPrice: 20_000_000, currency: 'GP' });
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${COMMERCE}/payments?orderId=${placed.id}`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(pay.statusCode).toBe(400);
    const complete = () =>
      ctx.app.inject({
        method: 'PUT',
        url: `${COMMERCE}/orders/${placed.id}/complete`,
        headers: { authorization: '' },
      });
    expect((await complete()).statusCode).toBe(401);
    const headers = await asUser(ctx, 'payments');
    const done = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${placed.id}/complete`,
      headers,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ orderStatus: 'completed' });
    expect((await accountOf(ctx, buyer.id)).balance).toBe(500);
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${placed.id}/complete`,
      headers,
    });
    expect(again.statusCode).toBe(200);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(500);
    const audits = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'order:complete'), eq(auditEvents.targetId, String(placed.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: DEMO_USER_IDS.payments, actorRole: 'PAYMENTS' });
    await expectLedgerClean(ctx);
  });

  it('refuses to complete an unpaid card order and customers may not complete at all', async () => {
    const product = await givenProduct(ctx);
    const buyer = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 5, productId: product.id })).json();
    const byStaff = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${placed.id}/complete`,
      headers: await asUser(ctx, 'payments'),
    });
    expect(byStaff.statusCode).toBe(409);
    expect(byStaff.json()).toEqual({ message: 'This order cannot be completed in its current state.' });
    const byBuyer = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${placed.id}/complete`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(byBuyer.statusCode).toBe(403);
  });

  it('completes a GP-paid VIP order: VIP time and the VIP role at once', async () => {
    const buyer = await givenUser(ctx);
    const placed = (await placeOrder(ctx, buyer.id, { amount: 1, productId: 8 })).json();
    await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${placed.id}/complete`,
      headers: await asUser(ctx, 'payments'),
    });
    const account = await accountOf(ctx, buyer.id);
    expect(account.roles).toContain('VIP');
    const days = ((account.vipUntil?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/users/me',
      headers: await headersFor(ctx, buyer.id),
    });
    expect(me.json()).toMatchObject({ vip: true });
  });
});
