import type { ProductKind } from '@ember/contracts/enums';
import type { Order } from '@ember/db/schema/commerce';

// What an order delivers and takes back, in units, and the marks fulfilment leaves (fulfilment.ts).

export const DAY_MS = 86_400_000;

/** What fulfilment needs of the order's product. */
export interface FulfilledProduct {
  kind: ProductKind;
  name: string;
  unitSize: number;
}

/** Units the order delivers: (amount + bonus) × unit size, in credits, GP or days of VIP. */
export const deliveredUnits = (order: Order, product: Pick<FulfilledProduct, 'unitSize'>) =>
  (order.amount + order.bonusAmount) * product.unitSize;

/**
 * Units a share of the order's money stands for: all of them for the whole total, else rounded up
 * (the buyer never keeps units for money the processor took back).
 */
export const unitsOfShare = (order: Order, product: Pick<FulfilledProduct, 'unitSize'>, amount: number) => {
  const units = deliveredUnits(order, product);
  if (order.total <= 0 || amount >= order.total) return units;
  return Math.min(units, Math.ceil((units * amount) / order.total));
};

export const holdPrefix = (order: Pick<Order, 'id'>) => `Order #${order.id}`;

/** Statuses in which the processor's money has already been acted on: a repeated "paid" changes nothing. */
export const SETTLED = new Set<Order['status']>(['completed', 'processing', 'disputed']);

export interface Reversal {
  order: Order;
  /** Units that could not be taken back (credits spent, VIP days used, GP delivered). */
  shortfall: number;
  held: boolean;
}
