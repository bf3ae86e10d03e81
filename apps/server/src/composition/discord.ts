import type { FastifyInstance } from 'fastify';
import { type DiscordConfig, FAKE_DISCORD_PREFIX, resolveDiscordConfig } from '../config/discord-config.ts';
import type { Env } from '../config/env.ts';
import { demoDiscordAccounts } from '../integrations/discord/demo-discord-accounts.ts';
import { createDiscordBot } from '../integrations/discord/discord-bot.ts';
import { createDiscordClient } from '../integrations/discord/discord-client.ts';
import { fakeDiscordRoutes } from '../integrations/discord/fake-discord.routes.ts';
import { createSafeFetch, type FetchLike } from '../lib/safe-fetch.ts';

/** Discord as the sign-in provider, and its bot when a token is configured (the direct messages). */
export function connectDiscord(env: Env, fetch: FetchLike | undefined) {
  const config = resolveDiscordConfig(env);
  const discordFetch = fetch ?? createSafeFetch([config.apiBase]);
  const client = createDiscordClient({
    apiBase: config.apiBase,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    fetch: discordFetch,
  });
  const bot = config.botToken
    ? createDiscordBot({ apiBase: config.apiBase, botToken: config.botToken, fetch: discordFetch })
    : null;
  return { config, client, bot };
}

/** The stand-in sign-in provider of development and tests, when no Discord application is configured. */
export async function registerFakeDiscord(
  app: FastifyInstance,
  env: Env,
  config: DiscordConfig,
): Promise<void> {
  if (!config.useFake) return;
  if (env.NODE_ENV === 'production') throw new Error('The fake sign-in provider is refused in production');
  await app.register(fakeDiscordRoutes, {
    prefix: FAKE_DISCORD_PREFIX,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    guildId: config.guildId,
    botToken: config.botToken ?? '',
    accounts: demoDiscordAccounts(),
    brandName: env.BRAND_NAME,
  });
}
