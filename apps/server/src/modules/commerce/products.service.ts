import { PRODUCT_PAGE_NAMES, type ProductPageName, type ProductResponse } from '@ember/contracts/commerce';
import type { ProductKind } from '@ember/contracts/enums';
import type { Db } from '@ember/db/types';
import { NotFound } from '../../lib/errors.ts';
import { toProductResponse } from './product-views.ts';
import { findBulkDiscounts, findProduct, findProducts } from './products.repository.ts';

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
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
