import {
  type ResetSessionsResponse,
  resetSessionsResponse,
  SESSIONS_CLEARED_MESSAGE,
} from '@ember/contracts/sessions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/query-keys/sessions.ts';

/** DELETE shop /sessions: ends every game-client session of the caller. */
export function resetSessions(): Promise<ResetSessionsResponse> {
  return apiFetch('shop', '/sessions', resetSessionsResponse, { method: 'DELETE' });
}

/** Reset sessions: toast, then the sessions table is read again. */
export const useResetSessions = () =>
  useActionMutation({
    mutationFn: resetSessions,
    success: SESSIONS_CLEARED_MESSAGE,
    refresh: [sessionKeys.all],
  });
