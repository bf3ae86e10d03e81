import { finalPrice, type PriceResponse } from '@ember/contracts/catalog';
import type { PriceRow } from './prices.repository.ts';

export function toPriceResponse({
  planEnabled: _planEnabled,
  planHidden: _planHidden,
  ...price
}: PriceRow): PriceResponse {
  return { ...price, finalPrice: finalPrice(price.price, price.promoDiscountPercent) };
}
