import type { Env } from './env.ts';

export interface DiscordConfig {
  /** True when no real application is configured and the built-in fake provider stands in (never in production). */
  useFake: boolean;
  clientId: string;
  clientSecret: string;
  guildId: string;
  /** Server-to-server API base, e.g. https://discord.com/api/v10. */
  apiBase: string;
  /** Where the browser is sent to approve the sign-in. */
  authorizeUrl: string;
  /** The store page the provider redirects back to (spec: /oauth2). */
  redirectUri: string;
  /** The bot that sends direct messages; null when none is configured (no direct messages). */
  botToken: string | null;
}

export const FAKE_DISCORD_PREFIX = '/fake-discord';

const FAKE_APP = {
  clientId: 'ember-dev-client',
  clientSecret: 'ember-dev-secret',
  guildId: '900000000000000001',
  botToken: 'ember-dev-bot-token',
};

export function resolveDiscordConfig(env: Env): DiscordConfig {
  const redirectUri = `${env.PUBLIC_URL}/oauth2`;
  if (!env.DISCORD_CLIENT_ID) {
    return {
      useFake: true,
      ...FAKE_APP,
      apiBase: `${env.PUBLIC_URL}${FAKE_DISCORD_PREFIX}/api`,
      authorizeUrl: `${env.PUBLIC_URL}${FAKE_DISCORD_PREFIX}/oauth2/authorize`,
      redirectUri,
    };
  }
  return {
    useFake: false,
    clientId: env.DISCORD_CLIENT_ID,
    clientSecret: env.DISCORD_CLIENT_SECRET ?? '',
    guildId: env.DISCORD_GUILD_ID ?? '',
    apiBase: env.DISCORD_API_BASE,
    authorizeUrl: env.DISCORD_AUTHORIZE_URL,
    redirectUri,
    botToken: env.DISCORD_BOT_TOKEN ?? null,
  };
}
