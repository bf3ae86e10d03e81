import {
  type DeviceAuthorizationResponse,
  deviceAuthorizationResponse,
  messageResponse,
} from '@ember/contracts/client-api';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const pathOf = (userCode: string) => `/device-authorizations/${encodeURIComponent(userCode)}`;

/** GET shop /device-authorizations/{userCode}: which client asks; 404 with the server's message when unknown or expired. */
export function getDeviceAuthorization(userCode: string): Promise<DeviceAuthorizationResponse> {
  return apiFetch('shop', pathOf(userCode), deviceAuthorizationResponse);
}

export type DeviceDecision = 'approve' | 'deny';

/** POST shop /device-authorizations/{userCode}/approve or /deny. */
export function decideDeviceAuthorization({
  userCode,
  decision,
}: {
  userCode: string;
  decision: DeviceDecision;
}): Promise<{ message: string }> {
  return apiFetch('shop', `${pathOf(userCode)}/${decision}`, messageResponse, { method: 'POST' });
}

/**
 * The look-up is started by the form (or by the address's ?code=); its refusal is shown on the
 * form, so it stays out of the toast policy.
 */
export function useLookUpDeviceAuthorization() {
  return useMutation({ mutationFn: getDeviceAuthorization, meta: { silentError: true } });
}

/** Approve or Deny; the page shows the outcome, or the refusal beside the buttons. */
export function useDecideDeviceAuthorization() {
  return useMutation({ mutationFn: decideDeviceAuthorization, meta: { silentError: true } });
}
