/** Every cached read of the owner panel starts with this key. */
export const OWNER_QUERY_KEY = ['owner'] as const;
/** Every developer's payouts (the table) and single payouts (the detail). */
export const OWNER_PAYOUTS_QUERY_KEY = [...OWNER_QUERY_KEY, 'payouts'] as const;
