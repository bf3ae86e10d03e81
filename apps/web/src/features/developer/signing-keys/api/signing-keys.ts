import {
  type RegisterSigningKeyBody,
  SIGNING_KEY_ADDED_MESSAGE,
  SIGNING_KEY_REVOKED_MESSAGE,
  type SigningKeyResponse,
  signingKeyResponse,
  signingKeysResponse,
} from '@ember/contracts/signing-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
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

export const useRegisterSigningKey = () =>
  useActionMutation({
    mutationFn: registerSigningKey,
    success: SIGNING_KEY_ADDED_MESSAGE,
    refresh: [developerKeys.signingKeys()],
  });

/** DELETE shop /developer/signing-keys/{id}: revoked, still listed. */
export function revokeSigningKey(id: number): Promise<undefined> {
  return apiFetch('shop', `/developer/signing-keys/${id}`, noContent, { method: 'DELETE' });
}

export const useRevokeSigningKey = () =>
  useActionMutation({
    mutationFn: revokeSigningKey,
    success: SIGNING_KEY_REVOKED_MESSAGE,
    refresh: [developerKeys.signingKeys()],
  });
