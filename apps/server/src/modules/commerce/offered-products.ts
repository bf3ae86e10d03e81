import type { PaymentProcessor } from '@ember/contracts/enums';
import { Conflict } from '../../lib/errors.ts';
import type { Db } from './db.ts';
import type { OrdersService } from './orders.service.ts';
import { findProduct } from './products.repository.ts';
import type { ProductsService } from './products.service.ts';

/** The answer for a product whose payment method no processor takes on this server. */
export function notOfferedMessage(processor: PaymentProcessor): string {
  return `${processor === 'STRIPE' ? 'Card' : 'Crypto'} payments are not available on this store right now.`;
}

/**
 * Products whose payment method has no processor (no keys, no sandbox: decision 0028) are not
 * offered: left out of the lists, and a clear 409 when asked for by id or ordered.
 */
export function offerOnlyPayableProducts(
  services: { db: Db; products: ProductsService; orders: OrdersService },
  isTaken: (processor: PaymentProcessor) => boolean,
): { products: ProductsService; orders: OrdersService } {
  const { db, products, orders } = services;
  const offered = <T extends { paymentProcessor: PaymentProcessor }>(list: T[]) =>
    list.filter((product) => isTaken(product.paymentProcessor));
  const refuseUntaken = (processor: PaymentProcessor) => {
    if (!isTaken(processor)) throw new Conflict(notOfferedMessage(processor));
  };
  const get: ProductsService['get'] = async (id) => {
    const product = await products.get(id);
    refuseUntaken(product.paymentProcessor);
    return product;
  };
  return {
    products: {
      ...products,
      list: async (kind) => offered(await products.list(kind)),
      listByPageName: async (name) => offered(await products.listByPageName(name)),
      get,
      bulkDiscounts: async (productId) => (await get(productId)).bulkDiscounts,
    },
    orders: {
      ...orders,
      async create(caller, body) {
        const product = await findProduct(db, body.productId);
        if (product) refuseUntaken(product.paymentProcessor);
        return orders.create(caller, body);
      },
    },
  };
}
