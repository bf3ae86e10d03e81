import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import type { DiscordConfig } from '../../config/discord-config.ts';
import type { DiscordClient } from '../../integrations/discord/discord-client.ts';
import { identityJobs } from './identity.jobs.ts';
import { identityRoutes } from './identity.routes.ts';
import { type ClientSignIns, createIdentityService, type SignInAccounts } from './identity.service.ts';
import { createProductTokens } from './product-token.ts';
import { createSignInGrants } from './sign-in-grants.ts';

/** Signing in with Discord and the product's own tokens (identity base). */
export function identityModule(
  { env, db, clock }: ModuleContext,
  ports: {
    discord: DiscordClient;
    discordConfig: DiscordConfig;
    users: SignInAccounts;
    /** Called on sign-out only, once every module is built. */
    clientSignIns: ClientSignIns;
  },
) {
  const tokens = createProductTokens({ secret: env.JWT_SECRET, ttlSeconds: env.JWT_TTL_SECONDS, clock });
  const grants = createSignInGrants({ db, clock });
  const identity = createIdentityService({
    discord: ports.discord,
    config: ports.discordConfig,
    users: ports.users,
    tokens,
    grants,
    clientSignIns: ports.clientSignIns,
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(identityRoutes, {
      prefix: env.API_IDENTITY_BASE,
      identity,
      secureCookies: env.NODE_ENV === 'production',
    });
  };
  return {
    name: 'identity',
    plugin,
    jobs: identityJobs({ sweepGrants: () => grants.sweep() }).all,
    ports: { tokens },
  };
}
