export const discountCodeKeys = {
  check: (priceId: number, code: string) => ['discount-check', priceId, code] as const,
  ofPrice: (priceId: number) => ['developer', 'discount-codes', priceId] as const,
};
