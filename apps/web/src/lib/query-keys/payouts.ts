/** Developers' payouts: their own and their earnings, and the owner's table and detail. */
export const payoutKeys = {
  all: ['payouts'] as const,
  earnings: () => ['payouts', 'earnings'] as const,
  mine: (params: unknown) => ['payouts', 'my', params] as const,
  everyone: () => ['payouts', 'all'] as const,
  everyonePage: (params: unknown) => ['payouts', 'all', params] as const,
  detail: (id: number) => ['payouts', 'one', id] as const,
};
