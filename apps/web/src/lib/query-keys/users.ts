/**
 * The signed-in user (GET shop /users/me: balance, roles, VIP). The app shell reads it, so this file
 * holds nothing else (look-ups by Discord id are in user-lookups.ts).
 */
export const userKeys = {
  me: ['users', 'me'] as const,
};
