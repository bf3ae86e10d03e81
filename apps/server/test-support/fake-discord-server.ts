import Fastify, { type FastifyInstance } from 'fastify';
import { demoDiscordAccounts } from '../src/integrations/discord/demo-discord-accounts.ts';
import { fakeDiscordRoutes } from '../src/integrations/discord/fake-discord.routes.ts';

export const FAKE_APP_CREDENTIALS = {
  clientId: 'test-client',
  clientSecret: 'test-secret',
  guildId: '900000000000000777',
  botToken: 'test-bot-token',
} as const;

/** The fake provider on its own HTTP port, so the app under test reaches it over real HTTP like it would Discord. */
export async function startFakeDiscord(): Promise<{
  server: FastifyInstance;
  origin: string;
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const server = Fastify();
  await server.register(fakeDiscordRoutes, {
    ...FAKE_APP_CREDENTIALS,
    accounts: demoDiscordAccounts(),
    brandName: 'Ember',
  });
  const origin = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    server,
    origin,
    close: () => server.close(),
    env: {
      DISCORD_CLIENT_ID: FAKE_APP_CREDENTIALS.clientId,
      DISCORD_CLIENT_SECRET: FAKE_APP_CREDENTIALS.clientSecret,
      DISCORD_GUILD_ID: FAKE_APP_CREDENTIALS.guildId,
      DISCORD_BOT_TOKEN: FAKE_APP_CREDENTIALS.botToken,
      DISCORD_API_BASE: `${origin}/api`,
      DISCORD_AUTHORIZE_URL: `${origin}/oauth2/authorize`,
    },
  };
}
