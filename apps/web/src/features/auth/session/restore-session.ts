import { AUTH_COOKIES } from '@ember/contracts/identity-constants';
import { ApiError } from '../../../lib/api-error.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { refreshDiscordToken } from '../api/refresh-discord-token.ts';
import { type ProductSession, requestProductToken } from '../api/request-product-token.ts';

/** True when the browser holds a chat-platform token (the `token` cookie), i.e. there is a session to restore. */
export function hasTokenCookie(): boolean {
  return Boolean(readCookie(AUTH_COOKIES.token));
}

/** The login action: POST /token with the chat-platform token from the `token` cookie. */
export function signInWithTokenCookie(): Promise<ProductSession> {
  return requestProductToken(readCookie(AUTH_COOKIES.token));
}

/** PUT /discord/refresh (refresh cookie), then POST /token with the fresh chat-platform token. */
export async function refreshAndSignIn(): Promise<ProductSession> {
  const { access_token } = await refreshDiscordToken();
  return requestProductToken(access_token);
}

/**
 * The token check: POST /token; when the chat-platform token has expired (401), one refresh and
 * POST /token again. Any other failure is thrown as it is.
 */
export async function restoreSession(): Promise<ProductSession> {
  try {
    return await signInWithTokenCookie();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  return refreshAndSignIn();
}
