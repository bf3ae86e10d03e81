export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => ['subscriptions', 'my'] as const,
  byUser: (userId: number) => ['subscriptions', 'by-user', userId] as const,
  byPrice: (params: unknown) => ['subscriptions', 'by-price', params] as const,
};
