/** Prices, read one at a time by the price dashboard (the plan carries its prices). */
export const priceKeys = {
  all: ['prices'] as const,
  detail: (id: number) => ['prices', 'detail', id] as const,
};
