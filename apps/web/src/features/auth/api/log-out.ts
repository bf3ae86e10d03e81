import { apiFetch } from '../../../lib/api-client.ts';
import { noContentContract } from './identity-contracts.ts';

/**
 * POST identity /logout: the server revokes the session (the product JWT given here, and the
 * chat-platform grant behind the cookies) and clears the `token` and HttpOnly `refresh` cookies.
 * Never throws.
 */
export async function logOut(productJwt: string | null = null): Promise<void> {
  try {
    await apiFetch('identity', '/logout', noContentContract(), {
      method: 'POST',
      anonymous: true,
      headers: productJwt ? { Authorization: `Bearer ${productJwt}` } : undefined,
    });
  } catch {
    // Nothing to tell the user: the page forgets the session either way.
  }
}
