export const transactionKeys = {
  all: ['transactions'] as const,
  mine: (params: unknown) => ['transactions', 'my', params] as const,
  admin: (params: unknown) => ['transactions', 'admin', params] as const,
  trialBalance: () => ['transactions', 'trial-balance'] as const,
};
