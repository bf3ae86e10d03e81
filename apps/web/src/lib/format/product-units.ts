import type { Currency } from '@ember/contracts/enums';
import { formatAmount, formatCredits } from './money.ts';

/** What the display helpers need of a product (spec §3 Product). */
export interface UnitProduct {
  pricePerUnit: number;
  /** One unit in words: 'credit', 'month', '1M GP'. */
  priceUnit: string;
  currency: Currency;
}

/** A unit label that is a quantity of its own ('1M GP') is counted with ×; words get a plural. */
const COUNTED_UNIT = /^\d/;

/** The unit for many: 'credits', 'months', '1M GP'. */
export function unitPlural(product: Pick<UnitProduct, 'priceUnit'>): string {
  return COUNTED_UNIT.test(product.priceUnit) ? product.priceUnit : `${product.priceUnit}s`;
}

/** '1,000 credits', '1 month', '10 × 1M GP'. */
export function unitsLabel(product: Pick<UnitProduct, 'priceUnit'>, units: number): string {
  const count = formatCredits(units);
  if (COUNTED_UNIT.test(product.priceUnit)) return `${count} × ${product.priceUnit}`;
  return `${count} ${units === 1 ? product.priceUnit : unitPlural(product)}`;
}

/**
 * Spec §2/§9: the price of one unit in the product's currency: EUR from cents with the euro sign,
 * GP abbreviated with K, M, B. '€0.01 per credit', '40K GP per credit', '€15.00 per month'.
 */
export function unitPriceLabel(product: UnitProduct): string {
  return `${formatAmount(product.pricePerUnit, product.currency)} per ${product.priceUnit}`;
}

/** Spec §2/§9: a stock badge for stock 0 or more; an empty (unlimited) stock reads as ∞. */
export function stockLabel(stock: number | null): string {
  if (stock === null) return 'Stock: ∞';
  if (stock === 0) return 'Out of stock';
  return `Stock: ${formatCredits(stock)}`;
}
