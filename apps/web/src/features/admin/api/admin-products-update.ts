import {
  BULK_DISCOUNTS_SAVED_MESSAGE,
  bulkDiscountsResponse,
  PRODUCT_UPDATED_MESSAGE,
  productResponse,
  type replaceBulkDiscountsBody,
  type updateProductBody,
} from '@ember/contracts/commerce';
import type { z } from 'zod';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../../../lib/query-keys/products.ts';

export type UpdateProductValues = z.output<typeof updateProductBody>;
export type BulkDiscountTiers = z.output<typeof replaceBulkDiscountsBody>;

/** PUT commerce /products/{id} (admins) with every editable field. */
export function updateProduct(values: UpdateProductValues) {
  return apiFetch('commerce', `/products/${values.id}`, productResponse, {
    method: 'PUT',
    body: values,
  });
}

/** Success toasts and refreshes every product list (the shop pages too); a refusal toasts and shows on the form. */
export const useUpdateProduct = () =>
  useActionMutation({
    mutationFn: updateProduct,
    success: PRODUCT_UPDATED_MESSAGE,
    refresh: [productKeys.all],
  });

/** PUT commerce /bulk-discounts/by-product/{productId} (admins): the whole list, replaced. */
export function replaceBulkDiscounts(productId: number, tiers: BulkDiscountTiers) {
  return apiFetch('commerce', `/bulk-discounts/by-product/${productId}`, bulkDiscountsResponse, {
    method: 'PUT',
    body: tiers,
  });
}

export const useReplaceBulkDiscounts = (productId: number) =>
  useActionMutation({
    mutationFn: (tiers: BulkDiscountTiers) => replaceBulkDiscounts(productId, tiers),
    success: BULK_DISCOUNTS_SAVED_MESSAGE,
    refresh: [productKeys.all],
  });
