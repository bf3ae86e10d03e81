import {
  type SessionLogPage,
  type SessionLogResponse,
  sessionLogPageResponse,
} from '@ember/contracts/session-logs';
import {
  type EndedSessionsResponse,
  endedSessionsResponse,
  SESSION_DELETED_MESSAGE,
  SESSION_DISCONNECTED_MESSAGE,
  SESSION_KILLED_MESSAGE,
  SESSIONS_FLUSHED_MESSAGE,
  type SessionSummary,
  sessionSummariesResponse,
} from '@ember/contracts/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/query-keys/sessions.ts';
import { keyedQueryOptions } from '../../../lib/query-options.ts';

/** The panel's session lists of every user. */

/** GET shop /sessions/by-user/{id}: running sessions and the limit per plugin. */
export function getUserSessionSummary(userId: number): Promise<SessionSummary[]> {
  return apiFetch('shop', `/sessions/by-user/${userId}`, sessionSummariesResponse);
}

const userSessionSummaryQuery = keyedQueryOptions(sessionKeys.adminSummary, getUserSessionSummary);

export const useUserSessionSummary = (userId: number) => useQuery(userSessionSummaryQuery(userId));

/** How many log rows the panel reads to find the user's recent sessions (a session logs every heartbeat). */
export const RECENT_SESSION_ROWS = 100;

/** GET shop /session-logs?discordId&size: the newest log rows of one account, to act on a session by its id. */
export function getUserSessionLogs(discordId: string): Promise<SessionLogPage> {
  return apiFetch('shop', '/session-logs', sessionLogPageResponse, {
    query: { discordId, page: 0, size: RECENT_SESSION_ROWS },
  });
}

/** One row per session: the newest log row of each session id. */
export function latestPerSession(rows: readonly SessionLogResponse[]): SessionLogResponse[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (seen.has(row.sessionId)) return false;
    seen.add(row.sessionId);
    return true;
  });
}

/** The user's recent sessions, one row each, newest first. */
export function useRecentSessions(discordId: string) {
  return useQuery({
    ...queryOptions({
      queryKey: sessionKeys.adminLogs(discordId),
      queryFn: () => getUserSessionLogs(discordId),
    }),
    select: (page) => latestPerSession(page.content),
  });
}

export type SessionAction = 'kill' | 'delete' | 'disconnect';

/** PUT shop /sessions/kill {id}, PUT /sessions {id} (delete) or DELETE /sessions/disconnect?id. */
export function endSession({
  action,
  id,
}: {
  action: SessionAction;
  id: string;
}): Promise<EndedSessionsResponse> {
  if (action === 'kill') {
    return apiFetch('shop', '/sessions/kill', endedSessionsResponse, { method: 'PUT', body: { id } });
  }
  if (action === 'delete') {
    return apiFetch('shop', '/sessions', endedSessionsResponse, { method: 'PUT', body: { id } });
  }
  return apiFetch('shop', '/sessions/disconnect', endedSessionsResponse, { method: 'DELETE', query: { id } });
}

/** DELETE shop /sessions/by-user/{id}: every game-client session of the user. */
export function endAllSessionsOf(userId: number): Promise<EndedSessionsResponse> {
  return apiFetch('shop', `/sessions/by-user/${userId}`, endedSessionsResponse, { method: 'DELETE' });
}

export const SESSION_ACTION_MESSAGES: Record<SessionAction | 'all', string> = {
  kill: SESSION_KILLED_MESSAGE,
  delete: SESSION_DELETED_MESSAGE,
  disconnect: SESSION_DISCONNECTED_MESSAGE,
  all: SESSIONS_FLUSHED_MESSAGE,
};

export const useEndSession = () =>
  useActionMutation({
    mutationFn: endSession,
    success: (_, { action }) => SESSION_ACTION_MESSAGES[action],
    refresh: [sessionKeys.adminAll],
  });

export const useEndAllSessions = () =>
  useActionMutation({
    mutationFn: endAllSessionsOf,
    success: SESSION_ACTION_MESSAGES.all,
    refresh: [sessionKeys.adminAll],
  });
