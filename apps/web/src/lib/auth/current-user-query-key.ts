/**
 * The cache key of the signed-in user (GET shop /users/me). Any feature that changes the balance or
 * the roles invalidates it, and the nav updates without a reload:
 * `queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })`.
 */
export const CURRENT_USER_QUERY_KEY = ['users', 'me'] as const;
