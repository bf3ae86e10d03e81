import type { LogoutScope } from '@ember/contracts/identity';
import { apiFetch } from '../../../lib/api-client.ts';
import { noContentContract } from '../../../lib/identity-contracts.ts';

/**
 * POST identity /logout?scope: the server clears the `token` and HttpOnly `refresh` cookies of this
 * browser; with `all-devices` it also revokes the account's product JWTs (the one given here names
 * the account) and the chat-platform grant. Never throws.
 */
export async function logOut(
  productJwt: string | null = null,
  scope: LogoutScope = 'this-device',
): Promise<void> {
  try {
    await apiFetch('identity', '/logout', noContentContract(), {
      method: 'POST',
      anonymous: true,
      query: { scope },
      headers: productJwt ? { Authorization: `Bearer ${productJwt}` } : undefined,
    });
  } catch {
    // Nothing to tell the user: the page forgets the session either way.
  }
}
