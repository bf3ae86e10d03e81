import { type SessionSummary, sessionSummariesResponse } from '@ember/contracts/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/query-keys/sessions.ts';

/** GET shop /sessions/by-user/{userId}: running client sessions and the limit per plugin (0 = unlimited). */
export async function getSessionsOfUser(userId: number): Promise<SessionSummary[]> {
  return apiFetch('shop', `/sessions/by-user/${userId}`, sessionSummariesResponse);
}

export function sessionsOfUserQueryOptions(userId: number) {
  return queryOptions({
    queryKey: sessionKeys.byUser(userId),
    queryFn: () => getSessionsOfUser(userId),
  });
}

export function useSessionsOfUser(userId: number) {
  return useQuery(sessionsOfUserQueryOptions(userId));
}
