import { z } from '@ember/contracts/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

// This schema mirrors the client-token contract of docs/client-api.md §1 (GET {shop}/client-tokens).

export const clientTokenResponse = z.object({
  id: z.number().int(),
  /** What the client called itself when it asked, e.g. "Ember client on DESKTOP-1". */
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ClientToken = z.infer<typeof clientTokenResponse>;
export const clientTokensResponse = z.array(clientTokenResponse);

export const CLIENT_TOKENS_QUERY_KEY = ['client-tokens'] as const;

/** GET shop /client-tokens: the game clients signed in to the caller's account (revoked ones are not listed). */
export function getClientTokens(): Promise<ClientToken[]> {
  return apiFetch('shop', '/client-tokens', clientTokensResponse);
}

export function useClientTokens() {
  return useQuery(queryOptions({ queryKey: CLIENT_TOKENS_QUERY_KEY, queryFn: getClientTokens }));
}
