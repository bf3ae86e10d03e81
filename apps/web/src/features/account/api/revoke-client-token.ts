import { DEVICE_SIGNED_OUT_MESSAGE, messageResponse } from '@ember/contracts/client-api';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { clientTokenKeys } from '../../../lib/query-keys/client-tokens.ts';

/** DELETE shop /client-tokens/{id}: the client's next call is refused and it must sign in again. */
export function revokeClientToken(id: number): Promise<{ message: string }> {
  return apiFetch('shop', `/client-tokens/${id}`, messageResponse, { method: 'DELETE' });
}

/** Sign out: toast, then the list is read again. */
export const useRevokeClientToken = () =>
  useActionMutation({
    mutationFn: revokeClientToken,
    success: DEVICE_SIGNED_OUT_MESSAGE,
    refresh: [clientTokenKeys.all],
  });
