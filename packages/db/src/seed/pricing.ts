import type { Period } from '@ember/contracts/enums';
import { PLAN_SEEDS, type PlanSeed, type PriceSeed } from './data/plans.ts';

/** DESIGN §4: a plan owner earns this share of every credit purchase of their plan. */
export const DEVELOPER_SHARE_PERCENT = 80;

const PERIOD_HOURS: Record<Period, number | null> = {
  SIX_HOURS: 6,
  DAILY: 24,
  WEEKLY: 7 * 24,
  MONTHLY: 30 * 24,
  YEARLY: 365 * 24,
  LIFETIME: null,
};

/** Hours one purchase of the price lasts, promo days included; null for lifetime. */
export function durationHours(price: PriceSeed): number | null {
  const hours = PERIOD_HOURS[price.period];
  return hours === null ? null : hours + (price.promoExtraDays ?? 0) * 24;
}

/** Credits paid: list price minus the promo, then minus a discount code, rounded to whole credits. */
export function paidPrice(price: PriceSeed, codePercent = 0): number {
  const afterPromo = (price.price * (100 - (price.promoDiscountPercent ?? 0))) / 100;
  return Math.round((afterPromo * (100 - codePercent)) / 100);
}

export const developerShare = (paid: number) => Math.floor((paid * DEVELOPER_SHARE_PERCENT) / 100);

const PRICE_INDEX = new Map(
  PLAN_SEEDS.flatMap((plan) => plan.prices.map((price) => [price.id, { plan, price }] as const)),
);

export function findPrice(priceId: number): { plan: PlanSeed; price: PriceSeed } {
  const found = PRICE_INDEX.get(priceId);
  if (!found) throw new Error(`Demo data references unknown price ${priceId}`);
  return found;
}
