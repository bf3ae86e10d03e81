// Order arithmetic of spec §9, shared by the server (which alone decides what an order costs) and
// the web (which shows the same numbers before the order is sent). Every amount is an integer in
// minor units of the product's currency: EUR cents, or whole gold pieces for GP.

export interface BulkDiscountTier {
  /** Buying at least this many units ... */
  discountThreshold: number;
  /** ... grants this many extra units for free. */
  extraAmount: number;
}

export interface PricedProduct {
  pricePerUnit: number;
  discountPercent: number;
  bulkDiscounts: readonly BulkDiscountTier[];
}

export interface OrderPrice {
  /** Unit price × amount, before the discount. */
  subtotal: number;
  /** What the discount percent takes off the subtotal (rounded half up, so the total is the rounded value). */
  discount: number;
  /** What the buyer pays: subtotal − discount. */
  total: number;
  /** Free units from the best bulk tier reached (applied once, never summed). */
  bonusAmount: number;
  /** Units delivered: amount + bonus. */
  deliveredAmount: number;
}

/**
 * Spec §9: unit price × amount, minus the discount percent, rounded to the nearest minor unit (a
 * half rounds up); bulk discounts apply automatically, once: the best tier whose threshold the
 * amount reaches adds its extra units. Integer arithmetic only, so no floating-point drift.
 */
export function priceOrder(product: PricedProduct, amount: number): OrderPrice {
  if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError(`Cannot price ${amount} units`);
  const subtotal = product.pricePerUnit * amount;
  const total = Math.floor((subtotal * (100 - product.discountPercent) + 50) / 100);
  const bonusAmount = bulkBonus(product.bulkDiscounts, amount);
  return { subtotal, discount: subtotal - total, total, bonusAmount, deliveredAmount: amount + bonusAmount };
}

/** Extra units of the best tier reached by `amount`: tiers are alternatives, never added up. */
export function bulkBonus(tiers: readonly BulkDiscountTier[], amount: number): number {
  let best = 0;
  for (const tier of tiers) {
    if (amount >= tier.discountThreshold && tier.extraAmount > best) best = tier.extraAmount;
  }
  return best;
}

/** The next tier the buyer has not reached yet, for "buy N more to get M free" hints; null when none. */
export function nextBulkTier(tiers: readonly BulkDiscountTier[], amount: number): BulkDiscountTier | null {
  const ahead = tiers
    .filter((tier) => tier.discountThreshold > amount && tier.extraAmount > bulkBonus(tiers, amount))
    .sort((a, b) => a.discountThreshold - b.discountThreshold);
  return ahead[0] ?? null;
}

/** The VIP product's GP price is the GP worth of its 1500-cent (15 euro) price (spec §9). */
export const VIP_GP_MULTIPLIER = 1500;

/**
 * Spec §9 admin GP conversion: price per unit = 1 / (rate × 100) × 1,000,000, × 1500 for the VIP
 * product, rounded (half up). `ratePerMillion` is euros per million GP, so rate × 100 is cents per
 * million and the result is GP per cent (per credit), or per VIP month.
 * Example: rate 0.25 € per 1M → 1 / 25 × 1,000,000 = 40,000 GP per credit; VIP 60,000,000 GP.
 */
export function gpPricePerUnit(ratePerMillion: number, options: { vip?: boolean } = {}): number {
  if (!Number.isFinite(ratePerMillion) || ratePerMillion <= 0) {
    throw new RangeError('The GP rate must be a number above 0');
  }
  // Cents per million, cleaned of binary noise (0.29 × 100 = 28.999999999999996).
  const centsPerMillion = Number((ratePerMillion * 100).toFixed(9));
  const multiplier = options.vip ? VIP_GP_MULTIPLIER : 1;
  const exact = (1_000_000 * multiplier) / centsPerMillion;
  return Math.floor(Number(exact.toFixed(6)) + 0.5);
}
