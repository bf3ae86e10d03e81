import { VIP_PRICE_CENTS } from '@ember/contracts/constants';
import type { Currency } from '@ember/contracts/enums';
import { type PricedProduct, priceOrder } from '@ember/contracts/pricing';
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

/** A product as its card prices it: the unit price, the discount and where its orders start. */
export interface DiscountedProduct extends UnitProduct, PricedProduct {
  minimumPurchase: number;
}

/**
 * What checkout charges for a discounted product (the same `priceOrder` the server and the purchase
 * dialog use), for one unit, or for the minimum purchase when a unit's discount is below one cent:
 * '€13.50 per month', '€4.75 per 500 credits'. Null when the product has no discount.
 */
export function discountedPriceLabel(product: DiscountedProduct): string | null {
  if (product.discountPercent <= 0) return null;
  const single = priceOrder(product, 1).total;
  if (single < product.pricePerUnit || product.minimumPurchase <= 1) {
    return `${formatAmount(single, product.currency)} per ${product.priceUnit}`;
  }
  const amount = product.minimumPurchase;
  return `${formatAmount(priceOrder(product, amount).total, product.currency)} per ${unitsLabel(product, amount)}`;
}

const VIP_PRICE_UNIT = 'month';

/**
 * The VIP price, written one way wherever it is shown (landing, account, the VIP page; the card-paid
 * VIP product on /products/vip reads the same through `unitPriceLabel`): '€15.00 per month'.
 */
export function vipPriceLabel(): string {
  const { amount, per } = vipPrice();
  return `${amount} ${per}`;
}

/** The VIP price in its two parts, for a layout that sets the amount large: '€15.00', 'per month'. */
export function vipPrice(): { amount: string; per: string } {
  return { amount: formatAmount(VIP_PRICE_CENTS, 'EUR'), per: `per ${VIP_PRICE_UNIT}` };
}
