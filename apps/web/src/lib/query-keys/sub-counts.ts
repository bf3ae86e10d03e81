/** Slot and subscription counts, of a plan's prices or of one price. */
export const subCountKeys = {
  all: ['sub-counts'] as const,
  plan: (planId: number) => ['sub-counts', 'plan', planId] as const,
  price: (priceId: number) => ['sub-counts', 'price', priceId] as const,
};
