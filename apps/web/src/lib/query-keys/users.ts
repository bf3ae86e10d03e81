/** The signed-in user (GET shop /users/me: balance, roles, VIP) and user look-ups by Discord id. */
export const userKeys = {
  me: ['users', 'me'] as const,
  lookup: (discordId: string) => ['users', 'lookup', discordId] as const,
};
