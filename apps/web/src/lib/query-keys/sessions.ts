/** Game-client sessions of a user (account page and admin user panel). */
export const sessionKeys = {
  all: ['sessions'] as const,
  byUser: (userId: number) => ['sessions', 'by-user', userId] as const,
  adminAll: ['admin', 'user-sessions'] as const,
  adminSummary: (userId: number) => ['admin', 'user-sessions', 'summary', userId] as const,
  adminLogs: (discordId: string) => ['admin', 'user-sessions', 'logs', discordId] as const,
};
