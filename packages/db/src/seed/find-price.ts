import { PLAN_SEEDS, type PlanSeed, type PriceSeed } from './data/plans.ts';

const PRICE_INDEX = new Map(
  PLAN_SEEDS.flatMap((plan) => plan.prices.map((price) => [price.id, { plan, price }] as const)),
);

export function findPrice(priceId: number): { plan: PlanSeed; price: PriceSeed } {
  const found = PRICE_INDEX.get(priceId);
  if (!found) throw new Error(`Demo data references unknown price ${priceId}`);
  return found;
}

/** The price as the server's pricing rules (chargeFor) read it. */
export const priceTerms = (price: PriceSeed) => ({
  price: price.price,
  promoDiscountPercent: price.promoDiscountPercent ?? 0,
});
