import type { DiscordTokenResponse } from '@ember/contracts/identity';
import { apiFetch } from '../../../lib/api-client.ts';
import { identityContracts } from '../../../lib/identity-contracts.ts';

/** PUT identity /discord/refresh: the HttpOnly refresh cookie buys a fresh `token` cookie. */
export async function refreshDiscordToken(): Promise<DiscordTokenResponse> {
  return apiFetch(
    'identity',
    '/discord/refresh',
    identityContracts().then((c) => c.discordTokenResponse),
    { method: 'PUT', anonymous: true },
  );
}
