import {
  type RegisterSigningKeyBody,
  SIGNING_KEY_ADDED_MESSAGE,
  SIGNING_KEY_REVOKED_MESSAGE,
  type SigningKeyResponse,
  signingKeyResponse,
  signingKeysResponse,
} from '@ember/contracts/signing-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { noContent } from '../../../../lib/no-content.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';

/** GET shop /developer/signing-keys: the caller's keys, revoked ones included, newest first. */
export function getSigningKeys(): Promise<SigningKeyResponse[]> {
  return apiFetch('shop', '/developer/signing-keys', signingKeysResponse);
}

export function useSigningKeys() {
  return useQuery(queryOptions({ queryKey: developerKeys.signingKeys(), queryFn: getSigningKeys }));
}

/** POST shop /developer/signing-keys with {label, publicKey}. */
export function registerSigningKey(body: RegisterSigningKeyBody): Promise<SigningKeyResponse> {
  return apiFetch('shop', '/developer/signing-keys', signingKeyResponse, { method: 'POST', body });
}

export function useRegisterSigningKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerSigningKey,
    onSuccess: () => {
      void notify.success(SIGNING_KEY_ADDED_MESSAGE);
      return queryClient.invalidateQueries({ queryKey: developerKeys.signingKeys() });
    },
  });
}

/** DELETE shop /developer/signing-keys/{id}: revoked, still listed. */
export function revokeSigningKey(id: number): Promise<undefined> {
  return apiFetch('shop', `/developer/signing-keys/${id}`, noContent, { method: 'DELETE' });
}

export function useRevokeSigningKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSigningKey,
    onSuccess: () => {
      void notify.success(SIGNING_KEY_REVOKED_MESSAGE);
      return queryClient.invalidateQueries({ queryKey: developerKeys.signingKeys() });
    },
  });
}
