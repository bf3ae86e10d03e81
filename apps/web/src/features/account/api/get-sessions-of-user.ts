import { type SessionSummary, sessionSummariesResponse } from '@ember/contracts/sessions';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/query-keys/sessions.ts';
import { keyedQueryOptions } from '../../../lib/query-options.ts';

/** GET shop /sessions/by-user/{userId}: running client sessions and the limit per plugin (0 = unlimited). */
export async function getSessionsOfUser(userId: number): Promise<SessionSummary[]> {
  return apiFetch('shop', `/sessions/by-user/${userId}`, sessionSummariesResponse);
}

export const sessionsOfUserQueryOptions = keyedQueryOptions(sessionKeys.byUser, getSessionsOfUser);

export function useSessionsOfUser(userId: number) {
  return useQuery(sessionsOfUserQueryOptions(userId));
}
