import { type SessionLogPage, sessionLogPageResponse } from '@ember/contracts/session-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { sessionLogKeys } from '../../../lib/query-keys/session-logs.ts';
import { keyedQueryOptions } from '../../../lib/query-options.ts';

export interface SessionLogsParams {
  /** From 0. */
  page: number;
  size: number;
  /** Only this account's rows; '' for everyone's. */
  discordId: string;
}

/** GET shop /session-logs (STAFF, ADMIN): one row per session, newest update first, and the retention. */
export function getSessionLogs({ page, size, discordId }: SessionLogsParams): Promise<SessionLogPage> {
  return apiFetch('shop', '/session-logs', sessionLogPageResponse, {
    query: { page, size, discordId: discordId || undefined },
  });
}

export const sessionLogsQueryOptions = keyedQueryOptions(sessionLogKeys.page, getSessionLogs);

/** A refusal is an answer, not a hiccup: asking again would only be refused again. */
export const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 403;

/** Keeps the page on screen while the next one loads. */
export function useSessionLogs(params: SessionLogsParams, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...sessionLogsQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
    retry: (failures, error) => !isRefusal(error) && failures < 1,
  });
}
