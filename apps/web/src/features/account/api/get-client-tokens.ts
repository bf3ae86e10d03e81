import { type ClientTokenResponse, clientTokensResponse } from '@ember/contracts/client-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { clientTokenKeys } from '../../../lib/query-keys/client-tokens.ts';

/** GET shop /client-tokens: the game clients signed in to the caller's account (revoked ones are not listed). */
export function getClientTokens(): Promise<ClientTokenResponse[]> {
  return apiFetch('shop', '/client-tokens', clientTokensResponse);
}

export function useClientTokens() {
  return useQuery(queryOptions({ queryKey: clientTokenKeys.all, queryFn: getClientTokens }));
}
