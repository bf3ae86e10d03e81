import {
  type ResetSessionsResponse,
  resetSessionsResponse,
  SESSIONS_CLEARED_MESSAGE,
} from '@ember/contracts/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/query-keys/sessions.ts';

/** DELETE shop /sessions: ends every game-client session of the caller. */
export function resetSessions(): Promise<ResetSessionsResponse> {
  return apiFetch('shop', '/sessions', resetSessionsResponse, { method: 'DELETE' });
}

/** Reset sessions: toast, then the sessions table is read again. */
export function useResetSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSessions,
    onSuccess: async () => {
      void notify.success(SESSIONS_CLEARED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
