import {
  PRODUCT_PAGE_NAMES,
  type ProductPageName,
  type ProductResponse,
  type replaceBulkDiscountsBody,
  type updateProductBody,
} from '@ember/contracts/commerce';
import type { ProductKind } from '@ember/contracts/enums';
import type { z } from 'zod';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import type { Db } from './db.ts';
import { toProductResponse } from './product-views.ts';
import {
  findBulkDiscounts,
  findProduct,
  findProducts,
  lockProduct,
  replaceBulkDiscounts,
  updateProduct,
} from './products.repository.ts';

/** Spec §7 GET products, /products/by-name/{name}, /products/{id}, bulk-discounts/by-product/{id}. */
export function createProductsService({ db }: { db: Db }) {
  async function withTiers(rows: Awaited<ReturnType<typeof findProducts>>): Promise<ProductResponse[]> {
    const tiers = await findBulkDiscounts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toProductResponse(
        row,
        tiers.filter((tier) => tier.productId === row.id),
      ),
    );
  }

  async function get(id: number): Promise<ProductResponse> {
    const row = await findProduct(db, id);
    if (!row?.enabled) throw new NotFound(`No product with id ${id}.`);
    const [product] = await withTiers([row]);
    if (!product) throw new NotFound(`No product with id ${id}.`);
    return product;
  }

  return {
    list: async (kind?: ProductKind) => withTiers(await findProducts(db, { kind, enabledOnly: true })),
    listByPageName: async (name: ProductPageName) =>
      withTiers(await findProducts(db, { kind: PRODUCT_PAGE_NAMES[name], enabledOnly: true })),
    get,
    bulkDiscounts: async (productId: number) => (await get(productId)).bulkDiscounts,

    /** GET /products/all (admins): every product, disabled ones too, for the admin panel. */
    async listAll(caller: Caller): Promise<ProductResponse[]> {
      authorize(caller, 'product:update');
      return withTiers(await findProducts(db, { enabledOnly: false }));
    },

    /** PUT /bulk-discounts/by-product/{id} (admins, audited): the whole list of tiers, replaced at once. */
    async replaceBulkDiscounts(
      caller: Caller,
      productId: number,
      tiers: z.output<typeof replaceBulkDiscountsBody>,
    ): Promise<ProductResponse['bulkDiscounts']> {
      const role = authorize(caller, 'product:update');
      const sorted = [...tiers].sort((a, b) => a.discountThreshold - b.discountThreshold);
      await db.transaction(async (tx) => {
        // The product's row lock queues concurrent edits of its tiers one behind the other.
        const product = await lockProduct(tx, productId);
        if (!product) throw new NotFound(`No product with id ${productId}.`);
        const before = (await findBulkDiscounts(tx, [productId])).map(
          ({ discountThreshold, extraAmount }) => ({ discountThreshold, extraAmount }),
        );
        await replaceBulkDiscounts(tx, productId, sorted);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'product:update',
          target: { kind: 'PRODUCT', id: productId },
          before: { bulkDiscounts: before },
          after: { bulkDiscounts: sorted },
        });
      });
      return sorted;
    },

    /** PUT /products/{id} (admins, audited): the fields of spec §7; orders keep the prices they were placed at. */
    async update(
      caller: Caller,
      id: number,
      body: z.output<typeof updateProductBody>,
    ): Promise<ProductResponse> {
      const role = authorize(caller, 'product:update');
      if (body.id !== id) throw new Invalid('The product id in the body must be the one in the address.');
      const { id: _id, ...fields } = body;
      const updated = await db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        if (!before) throw new NotFound(`No product with id ${id}.`);
        const after = await updateProduct(tx, id, fields);
        const pick = (row: typeof before) =>
          Object.fromEntries(Object.keys(fields).map((key) => [key, row[key as keyof typeof row]]));
        await recordAudit(tx, actorOf(caller, role), {
          action: 'product:update',
          target: { kind: 'PRODUCT', id },
          ...changedFields(pick(before), pick(after)),
        });
        return after;
      });
      const tiers = await findBulkDiscounts(db, [id]);
      return toProductResponse(updated, tiers);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
