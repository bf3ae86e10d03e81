// The sign-in constants, apart from the schemas of identity.ts so the web shell reads them without zod.

/** The chat-platform OAuth2 scopes the store asks for (spec §7 Sign-in). */
export const DISCORD_SCOPES = ['identify', 'guilds.members.read'] as const;

export const AUTH_COOKIES = { token: 'token', refresh: 'refresh', oauthState: 'oauth_state' } as const;

/**
 * Where a visitor goes after signing in (spec §4 Login flow: "redirected to the saved redirectUri"):
 * a cookie the page reads once signed in. The web writes it when Log in is pressed; a sign-in link
 * that must work without JavaScript (the game client's /device prompt) names the page in the
 * `returnTo` query of GET identity /discord/authorize instead, and the server writes it.
 */
export const REDIRECT_URI_COOKIE = 'redirectUri';
export const SIGN_IN_RETURN_PARAM = 'returnTo';
