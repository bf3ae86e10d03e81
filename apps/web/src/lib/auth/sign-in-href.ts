import { SIGN_IN_RETURN_PARAM } from '@ember/contracts/identity-constants';

/**
 * A sign-in link that returns to `path` by itself: the server saves the destination (the
 * redirectUri cookie), so it works without JavaScript (a server-rendered page, before or without
 * the app).
 */
export function signInHrefReturningTo(signInHref: string, path: string): string {
  return `${signInHref}?${new URLSearchParams({ [SIGN_IN_RETURN_PARAM]: path })}`;
}
