import { gpPricePerUnit } from '@ember/contracts/pricing';
import { auditEvents } from '@ember/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { COMMERCE, givenProduct, placeOrder } from './commerce.fixtures.ts';

const ctx = useTestApp();

const edit = async (
  id: number,
  body: Record<string, unknown>,
  as: 'admin' | 'payments' | 'customer' = 'admin',
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${COMMERCE}/products/${id}`,
    headers: await asUser(ctx, as),
    payload: body,
  });

const validBody = (id: number) => ({
  id,
  name: 'VIP (GP)',
  minimumPurchase: 1,
  maximumPurchase: 6,
  paymentProcessor: 'GP',
  currency: 'GP',
  stock: null,
  // Spec §9: the admin's GP rate (0.30 € per million) converted for the VIP product.
  pricePerUnit: gpPricePerUnit(0.3, { vip: true }),
  discountPercent: 0,
});

describe('PUT products/{id}', () => {
  it('lets an admin reprice a product (audited); new orders use the new price, the old ones keep theirs', async () => {
    const product = await givenProduct(ctx, {
      kind: 'VIP',
      paymentProcessor: 'GP',
      currency: 'GP',
      pricePerUnit: 60_000_000,
      unitSize: 30,
      priceUnit: 'month',
    });
    const buyer = await givenUser(ctx);
    const before = (await placeOrder(ctx, buyer.id, { amount: 1, productId: product.id })).json();
    const res = await edit(product.id, validBody(product.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: product.id, pricePerUnit: 50_000_000, maximumPurchase: 6 });
    const after = (await placeOrder(ctx, buyer.id, { amount: 1, productId: product.id })).json();
    expect(after.totalPrice).toBe(50_000_000);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders/${before.id}`,
      headers: await asUser(ctx, 'payments'),
    });
    expect(detail.json().totalPrice).toBe(60_000_000);
    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'product:update'), eq(auditEvents.targetId, String(product.id))));
    expect(audit).toMatchObject({
      before: { pricePerUnit: 60_000_000 },
      after: { pricePerUnit: 50_000_000 },
    });
  });

  it('is for admins only and refuses inconsistent products with a message', async () => {
    const product = await givenProduct(ctx);
    expect((await edit(product.id, validBody(product.id), 'payments')).statusCode).toBe(403);
    expect((await edit(product.id, validBody(product.id), 'customer')).statusCode).toBe(403);
    const wrongCurrency = await edit(product.id, { ...validBody(product.id), currency: 'EUR' });
    expect(wrongCurrency.statusCode).toBe(400);
    expect(wrongCurrency.json().message).toMatch(/priced in GP/);
    const maxBelowMin = await edit(product.id, {
      ...validBody(product.id),
      minimumPurchase: 10,
      maximumPurchase: 5,
    });
    expect(maxBelowMin.json().message).toMatch(/maximum purchase must not be below/);
    const otherId = await edit(product.id, validBody(product.id + 1));
    expect(otherId.statusCode).toBe(400);
    const negative = await edit(product.id, { ...validBody(product.id), stock: -1 });
    expect(negative.statusCode).toBe(400);
    expect((await edit(999_999, validBody(999_999))).statusCode).toBe(404);
  });
});
