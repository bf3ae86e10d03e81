import { type ProductResponse, productsResponse } from '@ember/contracts/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../../../lib/query-keys/products.ts';

/**
 * Under the products pages' key (['products']), so an admin edit also refreshes what the shop shows
 * (features may not import each other's keys; the prefix is the shared contract).
 */

/** GET commerce /products/all (admins): every product, disabled ones too. */
export function getAllProducts(): Promise<ProductResponse[]> {
  return apiFetch('commerce', '/products/all', productsResponse);
}

export const allProductsQueryOptions = () =>
  queryOptions({ queryKey: productKeys.adminAll(), queryFn: getAllProducts });

export function useAllProducts() {
  return useQuery(allProductsQueryOptions());
}
