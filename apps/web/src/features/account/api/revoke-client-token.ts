import { z } from '@ember/contracts/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { CLIENT_TOKENS_QUERY_KEY } from './get-client-tokens.ts';

/** docs/client-api.md §1: what revoking a client token answers. */
export const DEVICE_SIGNED_OUT_MESSAGE = 'Device signed out.';

/** The answer carries the message, or nothing (204). */
const revokeClientTokenResponse = z.object({ message: z.string() }).optional();

/** DELETE shop /client-tokens/{id}: the client's next call is refused and it must sign in again. */
export function revokeClientToken(id: number): Promise<unknown> {
  return apiFetch('shop', `/client-tokens/${id}`, revokeClientTokenResponse, { method: 'DELETE' });
}

/** Sign out: toast, then the list is read again. */
export function useRevokeClientToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeClientToken,
    onSuccess: async () => {
      void notify.success(DEVICE_SIGNED_OUT_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: CLIENT_TOKENS_QUERY_KEY });
    },
  });
}
