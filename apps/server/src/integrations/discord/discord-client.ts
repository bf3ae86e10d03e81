import { z } from 'zod';
import type { FetchLike } from '../../lib/safe-fetch.ts';

const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string(),
  scope: z.string().optional(),
});
export type ProviderTokens = z.infer<typeof tokenResponse>;

const currentUser = z.object({
  id: z.string().regex(/^[0-9]{17,20}$/),
  username: z.string().min(1),
  global_name: z.string().nullable().optional(),
});
export type ProviderUser = z.infer<typeof currentUser>;

const guildMember = z.object({
  nick: z.string().nullable().optional(),
  roles: z.array(z.string()).optional(),
});

/** The provider refused the credentials (bad code, expired or revoked token). */
export class ProviderRejected extends Error {}
/** The provider could not be reached or answered nonsense. */
export class ProviderUnavailable extends Error {}

export interface DiscordClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  fetch: FetchLike;
}

/** The real Discord OAuth2 + REST calls the store needs (used against the fake provider in dev and tests). */
export function createDiscordClient({ apiBase, clientId, clientSecret, fetch }: DiscordClientOptions) {
  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${apiBase}${path}`, init);
    } catch (error) {
      throw new ProviderUnavailable(`Discord could not be reached: ${(error as Error).message}`);
    }
  }

  async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ProviderUnavailable(`Unexpected answer from Discord (${response.status})`);
    return parsed.data;
  }

  async function requestTokens(form: Record<string, string>): Promise<ProviderTokens> {
    const response = await call('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, ...form }),
    });
    if (response.status === 400 || response.status === 401)
      throw new ProviderRejected('Discord rejected the grant');
    if (!response.ok) throw new ProviderUnavailable(`Discord token endpoint answered ${response.status}`);
    return parse(response, tokenResponse);
  }

  const bearer = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    accept: 'application/json',
  });

  return {
    exchangeCode(code: string, redirectUri: string) {
      return requestTokens({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    },

    refresh(refreshToken: string) {
      return requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    /**
     * Revokes a token at the provider; revoking either token of a grant ends the whole grant, so
     * neither the access token nor the refresh token works afterwards. An unknown token is fine.
     */
    async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
      const response = await call('/oauth2/token/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          token,
          token_type_hint: hint,
        }),
      });
      if (!response.ok && response.status !== 400) {
        throw new ProviderUnavailable(`Discord token revocation answered ${response.status}`);
      }
    },

    async getCurrentUser(accessToken: string): Promise<ProviderUser> {
      const response = await call('/users/@me', { headers: bearer(accessToken) });
      if (response.status === 401) throw new ProviderRejected('Discord rejected the access token');
      if (!response.ok) throw new ProviderUnavailable(`Discord /users/@me answered ${response.status}`);
      return parse(response, currentUser);
    },

    /** True when the token's user is a member of the guild; Discord answers 404 (Unknown Guild) otherwise. */
    async isGuildMember(accessToken: string, guildId: string): Promise<boolean> {
      const response = await call(`/users/@me/guilds/${encodeURIComponent(guildId)}/member`, {
        headers: bearer(accessToken),
      });
      if (response.status === 404 || response.status === 403) return false;
      if (response.status === 401) throw new ProviderRejected('Discord rejected the access token');
      if (!response.ok) throw new ProviderUnavailable(`Discord guild member answered ${response.status}`);
      await parse(response, guildMember);
      return true;
    },
  };
}

export type DiscordClient = ReturnType<typeof createDiscordClient>;
