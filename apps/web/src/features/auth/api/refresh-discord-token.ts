import { type DiscordTokenResponse, discordTokenResponse } from '@ember/contracts/identity';
import { apiFetch } from '../../../lib/api-client.ts';

/** PUT identity /discord/refresh: the HttpOnly refresh cookie buys a fresh `token` cookie. */
export async function refreshDiscordToken(): Promise<DiscordTokenResponse> {
  return apiFetch('identity', '/discord/refresh', discordTokenResponse, { method: 'PUT', anonymous: true });
}
