/** Who a Discord id is (GET shop /users/lookup), for gifts and credit transfers. */
export const userLookupKeys = {
  one: (discordId: string) => ['users', 'lookup', discordId] as const,
};
