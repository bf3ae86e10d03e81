import { z } from '@ember/contracts/zod';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

// These schemas mirror the device-authorization contract of docs/client-api.md §1 (the website's
// calls: GET {shop}/device-authorizations/{userCode}, POST …/approve and …/deny).

export const deviceAuthorizationResponse = z.object({
  userCode: z.string(),
  /** What the client called itself, e.g. "Ember client on DESKTOP-1". */
  clientName: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type DeviceAuthorization = z.infer<typeof deviceAuthorizationResponse>;

export const deviceDecisionResponse = z.object({ message: z.string() });

const pathOf = (userCode: string) => `/device-authorizations/${encodeURIComponent(userCode)}`;

/** GET shop /device-authorizations/{userCode}: which client asks; 404 with the server's message when unknown or expired. */
export function getDeviceAuthorization(userCode: string): Promise<DeviceAuthorization> {
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
  return apiFetch('shop', `${pathOf(userCode)}/${decision}`, deviceDecisionResponse, { method: 'POST' });
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
