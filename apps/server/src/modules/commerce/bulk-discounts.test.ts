import { auditEvents } from '@ember/db/schema/audit';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { COMMERCE, givenProduct, placeOrder } from './commerce.fixtures.ts';

const ctx = useTestApp();

type Role = 'admin' | 'payments' | 'staff' | 'customer' | 'developer';

const replace = async (productId: number | string, payload: unknown, as: Role = 'admin') =>
  ctx.app.inject({
    method: 'PUT',
    url: `${COMMERCE}/bulk-discounts/by-product/${productId}`,
    headers: await asUser(ctx, as),
    payload: payload as object,
  });

const tiersOf = async (productId: number) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/bulk-discounts/by-product/${productId}`,
      headers: await asUser(ctx, 'customer'),
    })
  ).json();

describe('PUT bulk-discounts/by-product/{productId}', () => {
  it('replaces the whole list in one go, sorted by threshold, audited with before and after', async () => {
    const product = await givenProduct(ctx, {}, [
      { discountThreshold: 10, extraAmount: 1 },
      { discountThreshold: 50, extraAmount: 8 },
    ]);
    const next = [
      { discountThreshold: 100, extraAmount: 20 },
      { discountThreshold: 25, extraAmount: 3 },
    ];
    const res = await replace(product.id, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { discountThreshold: 25, extraAmount: 3 },
      { discountThreshold: 100, extraAmount: 20 },
    ]);
    expect(await tiersOf(product.id)).toEqual(res.json());

    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'product:update'), eq(auditEvents.targetId, String(product.id))))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({
      targetKind: 'PRODUCT',
      actorRole: 'ADMIN',
      before: {
        bulkDiscounts: [
          { discountThreshold: 10, extraAmount: 1 },
          { discountThreshold: 50, extraAmount: 8 },
        ],
      },
      after: { bulkDiscounts: res.json() },
    });
  });

  it('is what new orders get: the new tier grants its extra units', async () => {
    const product = await givenProduct(ctx, { pricePerUnit: 100 });
    expect((await replace(product.id, [{ discountThreshold: 5, extraAmount: 2 }])).statusCode).toBe(200);
    const buyer = await givenUser(ctx);
    const order = await placeOrder(ctx, buyer.id, { amount: 5, productId: product.id });
    expect(order.statusCode).toBe(201);
    expect(order.json().bonusAmount).toBe(2);
  });

  it('an empty list removes every tier', async () => {
    const product = await givenProduct(ctx, {}, [{ discountThreshold: 3, extraAmount: 1 }]);
    const res = await replace(product.id, []);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(await tiersOf(product.id)).toEqual([]);
  });

  it.each([
    [
      'duplicate thresholds',
      [
        { discountThreshold: 5, extraAmount: 1 },
        { discountThreshold: 5, extraAmount: 2 },
      ],
      'Two tiers have the threshold 5: thresholds must be unique.',
    ],
    [
      'a threshold below 1',
      [{ discountThreshold: 0, extraAmount: 1 }],
      'The threshold must be a whole number of at least 1.',
    ],
    [
      'an extra amount below 1',
      [{ discountThreshold: 4, extraAmount: 0 }],
      'The extra amount must be a whole number of at least 1.',
    ],
    [
      'a fractional threshold',
      [{ discountThreshold: 2.5, extraAmount: 1 }],
      'The threshold must be a whole number of at least 1.',
    ],
    [
      'more than 20 tiers',
      Array.from({ length: 21 }, (_, index) => ({ discountThreshold: index + 1, extraAmount: 1 })),
      'A product can have at most 20 bulk discounts.',
    ],
    [
      'an object instead of a list',
      { discountThreshold: 4, extraAmount: 1 },
      'The request body must be a list of tiers.',
    ],
  ])('refuses %s with a 400 and a message, keeping the stored tiers', async (_name, payload, message) => {
    const product = await givenProduct(ctx, {}, [{ discountThreshold: 7, extraAmount: 1 }]);
    const res = await replace(product.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await tiersOf(product.id)).toEqual([{ discountThreshold: 7, extraAmount: 1 }]);
  });

  it('accepts exactly 20 tiers', async () => {
    const product = await givenProduct(ctx);
    const tiers = Array.from({ length: 20 }, (_, index) => ({
      discountThreshold: index + 1,
      extraAmount: 1,
    }));
    const res = await replace(product.id, tiers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(20);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await replace(999_999, [{ discountThreshold: 2, extraAmount: 1 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No product with id 999999.');
  });

  it.each(['payments', 'staff', 'customer', 'developer'] as const)('refuses a %s', async (role) => {
    const product = await givenProduct(ctx, {}, [{ discountThreshold: 7, extraAmount: 1 }]);
    const res = await replace(product.id, [{ discountThreshold: 2, extraAmount: 1 }], role);
    expect(res.statusCode).toBe(403);
    expect(await tiersOf(product.id)).toEqual([{ discountThreshold: 7, extraAmount: 1 }]);
  });
});

describe('GET products/all', () => {
  it('shows an admin every product, disabled ones too; the shop list does not', async () => {
    const hidden = await givenProduct(ctx, { enabled: false, name: 'Hidden credits' });
    const all = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/products/all`,
      headers: await asUser(ctx, 'admin'),
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toContainEqual(expect.objectContaining({ id: hidden.id, enabled: false }));
    const shop = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/products`,
      headers: await asUser(ctx, 'admin'),
    });
    expect(shop.json().map((product: { id: number }) => product.id)).not.toContain(hidden.id);
  });

  it.each(['payments', 'customer', 'developer'] as const)('refuses a %s', async (role) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/products/all`,
      headers: await asUser(ctx, role),
    });
    expect(res.statusCode).toBe(403);
  });
});
