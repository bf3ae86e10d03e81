import { apiFetch, noContent } from '../../../lib/api-client.ts';

/** POST identity /logout: the server clears the `token` and the HttpOnly `refresh` cookies. Never throws. */
export async function logOut(): Promise<void> {
  try {
    await apiFetch('identity', '/logout', noContent, { method: 'POST', anonymous: true });
  } catch {
    // Nothing to tell the user: the page forgets the session either way.
  }
}
