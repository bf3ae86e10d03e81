import {
  BULK_DISCOUNTS_SAVED_MESSAGE,
  bulkDiscountsResponse,
  PRODUCT_UPDATED_MESSAGE,
  productResponse,
  type replaceBulkDiscountsBody,
  type updateProductBody,
} from '@ember/contracts/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { notify } from '../../../components/ui/toast/notify.ts';
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
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: async () => {
      void notify.success(PRODUCT_UPDATED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

/** PUT commerce /bulk-discounts/by-product/{productId} (admins): the whole list, replaced. */
export function replaceBulkDiscounts(productId: number, tiers: BulkDiscountTiers) {
  return apiFetch('commerce', `/bulk-discounts/by-product/${productId}`, bulkDiscountsResponse, {
    method: 'PUT',
    body: tiers,
  });
}

export function useReplaceBulkDiscounts(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tiers: BulkDiscountTiers) => replaceBulkDiscounts(productId, tiers),
    onSuccess: async () => {
      void notify.success(BULK_DISCOUNTS_SAVED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
