import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from './composition/app-dependencies.ts';
import { connectDiscord, registerFakeDiscord } from './composition/discord.ts';
import { registerPlatform } from './composition/platform.ts';
import { createServerCore } from './composition/server-core.ts';
import {
  accountTransferOf,
  jobsOf,
  registerModules,
  type ServerModule,
} from './composition/server-module.ts';
import { registerWebPages } from './composition/web-pages.ts';
import { closeConnectionsWhileDraining } from './lib/graceful-shutdown.ts';
import { auditModule } from './modules/audit/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { clientApiModule, loadManifestSigner } from './modules/client-api/index.ts';
import { commerceModule } from './modules/commerce/index.ts';
import { contentModule } from './modules/content/index.ts';
import {
  deliveryModule,
  findIncludedPlugins,
  findPluginShowcases,
  findVersionDatesOfPrices,
  setPluginTargets,
} from './modules/delivery/index.ts';
import { discountCodesModule } from './modules/discount-codes/index.ts';
import { healthModule } from './modules/health/index.ts';
import { identityModule } from './modules/identity/index.ts';
import { jobsModule } from './modules/jobs/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { findPayeeNames, payoutsModule } from './modules/payouts/index.ts';
import { reviewsModule } from './modules/reviews/index.ts';
import { sessionsModule } from './modules/sessions/index.ts';
import { activeSigningKeys, everyActiveSigningKey, signingKeysModule } from './modules/signing-keys/index.ts';
import { statisticsModule } from './modules/statistics/index.ts';
import { subscriptionCountsForCatalog, subscriptionsModule } from './modules/subscriptions/index.ts';
import { telemetryModule } from './modules/telemetry/index.ts';
import { tufModule } from './modules/tuf/index.ts';
import { findUserProfiles, userAdminModule, usersModule } from './modules/users/index.ts';
import { votesModule } from './modules/votes/index.ts';
import { walletModule } from './modules/wallet/index.ts';

export type { AppDependencies } from './composition/app-dependencies.ts';

/**
 * The composition root (decision 0068): each module is built from the shared context and the ports
 * other modules offer it, then registered in the order listed; its routes, prefixes, jobs and
 * account-transfer steps are its own.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { app, context } = await createServerCore(deps);
  const { db } = context;
  const discord = connectDiscord(context.env, deps.fetch);

  const users = usersModule(context);
  const sessions = await sessionsModule(context);
  const wallet = walletModule(context);
  const notifications = notificationsModule(context, { bot: discord.bot, jobs: () => jobs.ports.jobs });
  const { notify, notifyAll } = notifications.ports;
  const catalog = catalogModule(context, {
    subscriptionCounts: subscriptionCountsForCatalog,
    includedPlugins: findIncludedPlugins,
    pluginShowcases: findPluginShowcases,
    versionDatesOfPrices: findVersionDatesOfPrices,
  });
  const subscriptions = subscriptionsModule(context, { wallet: wallet.ports.wallet, notify, notifyAll });
  const manifestSigner = await loadManifestSigner(context.env);
  const tuf = await tufModule(context, {
    activeSigningKeys: deps.activeSigningKeys ?? ((developerId) => activeSigningKeys(db, developerId)),
    registeredKeys: () => everyActiveSigningKey(db),
    manifestKeysHex: manifestSigner.keys.map((key) => Buffer.from(key.publicKey, 'base64').toString('hex')),
  });
  const delivery = deliveryModule(context, {
    tuf: tuf.ports.repository,
    notify,
    jobs: () => jobs.ports.jobs,
  });
  const client = await clientApiModule(context, {
    clientSessions: sessions.ports.clientSessions,
    signer: manifestSigner,
    publishDemoReleases: async (plugins) => setPluginTargets(db, await tuf.ports.signDemoReleases(plugins)),
  });
  const identity = identityModule(context, {
    discord: discord.client,
    discordConfig: discord.config,
    users: users.ports.users,
    clientSignIns: { revokeAllOf: (userId) => client.ports.tokens.revokeAllOf(db, userId) },
  });

  const modules: ServerModule[] = [
    healthModule({ pingDatabase: () => deps.database.ping(), readiness: deps.readiness }),
    tuf,
    contentModule(context, {
      currentLoader: () => delivery.ports.releases.current('LOADER'),
      sitemap: catalog.ports.planCatalog,
    }),
    telemetryModule(),
    identity,
    users,
    sessions,
    catalog,
    wallet,
    subscriptions,
    discountCodesModule(context),
    signingKeysModule(context),
    statisticsModule(context),
    payoutsModule(context, { notify }),
    delivery,
    votesModule(context, { subscriptions: subscriptions.ports.management }),
    reviewsModule(context, { notifications: notifications.ports.reviewAnswered }),
    commerceModule(context, { wallet: wallet.ports.wallet, notify, fetch: deps.fetch }),
    client,
    auditModule(context, { actorNames: findUserProfiles, payeeNames: findPayeeNames }),
    notifications,
  ];
  modules.push(
    userAdminModule(context, {
      wallet: wallet.ports.wallet,
      clientTokens: client.ports.tokens,
      accountTransfer: accountTransferOf(modules),
    }),
  );
  const jobs = jobsModule(context, {
    management: subscriptions.ports.management,
    wallet: wallet.ports.wallet,
    moduleJobs: jobsOf(modules),
  });
  modules.push(jobs);
  app.decorate('jobs', jobs.ports.jobs);

  await registerPlatform(app, context, {
    tokens: identity.ports.tokens,
    loadPrincipal: (userId) => users.ports.users.loadPrincipal(userId),
    clientAccountOf: (token) => client.ports.tokens.accountOf(token),
  });
  if (deps.readiness) closeConnectionsWhileDraining(app, deps.readiness);
  await registerModules(app, modules);
  await registerFakeDiscord(app, context.env, discord.config);
  await registerWebPages(app, context, deps, catalog.ports);
  return app;
}
