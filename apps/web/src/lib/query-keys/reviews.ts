/** Reviews (issue 35): a plan's pages of reviews and the caller's own review of it. */
export const reviewKeys = {
  all: ['reviews'] as const,
  page: (planId: number, page: number) => ['reviews', 'page', planId, page] as const,
  mine: (planId: number) => ['reviews', 'mine', planId] as const,
};
