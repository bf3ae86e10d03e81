import type { BulkDiscountResponse, ProductResponse } from '@ember/contracts/commerce';
import type { Product } from '@ember/db/schema/commerce';

/** A product row and its tiers as the API answers them (spec §3 Product, Bulk discount). */
export function toProductResponse(row: Product, tiers: readonly BulkDiscountResponse[]): ProductResponse {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    paymentProcessor: row.paymentProcessor,
    currency: row.currency,
    pricePerUnit: row.pricePerUnit,
    priceUnit: row.priceUnit,
    unitSize: row.unitSize,
    minimumPurchase: row.minimumPurchase,
    maximumPurchase: row.maximumPurchase,
    stock: row.stock,
    discountPercent: row.discountPercent,
    imageUrl: row.imageUrl,
    enabled: row.enabled,
    bulkDiscounts: tiers.map(({ discountThreshold, extraAmount }) => ({ discountThreshold, extraAmount })),
  };
}
