import type { DiscordTokenResponse } from '@ember/contracts/identity';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { identityContracts } from '../../../lib/identity-contracts.ts';

/** The address the provider sent the browser back to; the server checks it matches its own. */
export function oauthRedirectUri(): string {
  return `${window.location.origin}${paths.oauth2.getHref()}`;
}

/**
 * POST identity /discord/token?{query}&redirectUri: exchanges the provider's code (state checked
 * against the server's cookie). The server stores the chat-platform token in the `token` cookie.
 */
export async function exchangeDiscordCode(providerQuery: URLSearchParams): Promise<DiscordTokenResponse> {
  const query: Record<string, string> = Object.fromEntries(providerQuery);
  query.redirectUri = oauthRedirectUri();
  return apiFetch(
    'identity',
    '/discord/token',
    identityContracts().then((c) => c.discordTokenResponse),
    {
      method: 'POST',
      query,
      anonymous: true,
    },
  );
}
