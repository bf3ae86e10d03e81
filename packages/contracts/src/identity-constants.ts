// The sign-in constants, apart from the schemas of identity.ts so the web shell reads them without zod.

/** The chat-platform OAuth2 scopes the store asks for (spec §7 Sign-in). */
export const DISCORD_SCOPES = ['identify', 'guilds.members.read'] as const;

export const AUTH_COOKIES = { token: 'token', refresh: 'refresh', oauthState: 'oauth_state' } as const;
