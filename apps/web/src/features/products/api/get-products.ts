import { type ProductResponse, productsResponse } from '@ember/contracts/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductName } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../../../lib/query-keys/products.ts';

/** GET commerce /products/by-name/{name}: the products of one products page (credits, gp or vip). */
export function getProducts(name: ProductName): Promise<ProductResponse[]> {
  return apiFetch('commerce', `/products/by-name/${encodeURIComponent(name)}`, productsResponse);
}

export function productsQueryOptions(name: ProductName) {
  return queryOptions({ queryKey: productKeys.byName(name), queryFn: () => getProducts(name) });
}

export function useProducts(name: ProductName) {
  return useQuery(productsQueryOptions(name));
}
