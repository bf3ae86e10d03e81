import { fileURLToPath } from 'node:url';
import { installPlainValidationMessages } from '@ember/contracts/plain-validation-messages';
import type { Db } from '@ember/db/types';
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAKE_DISCORD_PREFIX, resolveDiscordConfig } from './config/discord-config.ts';
import type { AppEnv } from './config/jwt-secret.ts';
import { type LogFormat, loggerOptions } from './config/logging.ts';
import { choosePaymentProcessors, unofferedPaymentsMessage } from './config/payment-processors.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import { createBlobStore } from './integrations/blob-store/create-blob-store.ts';
import { demoDiscordAccounts } from './integrations/discord/demo-discord-accounts.ts';
import { createDiscordBot } from './integrations/discord/discord-bot.ts';
import { createDiscordClient } from './integrations/discord/discord-client.ts';
import { fakeDiscordRoutes } from './integrations/discord/fake-discord.routes.ts';
import { resolvePaymentGateways } from './integrations/payments/payment-gateways.ts';
import { type CacheRegistry, createCacheRegistry } from './lib/cache/cache-registry.ts';
import {
  createInProcessInvalidationBus,
  createPostgresInvalidationBus,
} from './lib/cache/invalidation-bus.ts';
import { createKeyedCache } from './lib/cache/keyed-cache.ts';
import { createMemoryCounterStore, createRedisCounterStore, failingOpen } from './lib/counter-store.ts';
import { closeConnectionsWhileDraining, type Readiness } from './lib/graceful-shutdown.ts';
import { createSafeFetch, type FetchLike } from './lib/safe-fetch.ts';
import { auditEventsRoutes, createAuditEventsService } from './modules/audit/index.ts';
import {
  accessListEntriesAccountTransfer,
  accessListsRoutes,
  createCatalogServices,
  developersRoutes,
  labelsRoutes,
  plansRoutes,
  pricesRoutes,
  subCountsRoutes,
  suggestionsRoutes,
} from './modules/catalog/index.ts';
import {
  clientApiJobs,
  clientApiRoutes,
  createClientApiServices,
  createDeviceCodeAttempts,
  deviceApprovalRoutes,
  giveDemoArtifacts,
  loadManifestSigner,
} from './modules/client-api/index.ts';
import {
  accountHoldsRoutes,
  commerceJobs,
  commerceRoutes,
  createCommerceServices,
  ordersAccountTransfer,
  sandboxCheckoutRoutes,
  sandboxOutcomeOf,
  webhooksRoutes,
} from './modules/commerce/index.ts';
import { buildPublicConfig, contentRoutes, crawlerRoutes } from './modules/content/index.ts';
import {
  approvalsRoutes,
  clientReleasesRoutes,
  createDeliveryServices,
  deliveryRoutes,
  findIncludedPlugins,
  findPluginShowcases,
  findVersionDatesOfPrices,
  pluginMediaRoutes,
  repoUpdatesRoutes,
  setPluginTargets,
} from './modules/delivery/index.ts';
import { createDiscountCodesService, discountCodesRoutes } from './modules/discount-codes/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import {
  createIdentityService,
  createProductTokens,
  createSignInGrants,
  identityJobs,
  identityRoutes,
} from './modules/identity/index.ts';
import { applicationJobs, createFailedJobRetry, createJobQueue, jobsRoutes } from './modules/jobs/index.ts';
import { createNotificationServices, notificationsRoutes } from './modules/notifications/index.ts';
import {
  createPayoutsService,
  findPayeeNames,
  payoutsAccountTransfer,
  payoutsRoutes,
} from './modules/payouts/index.ts';
import { reviewsModule } from './modules/reviews/index.ts';
import {
  clientSessionJobs,
  clientSessionsAccountTransfer,
  createSessionServices,
  sessionAdminRoutes,
  sessionLogJobs,
  sessionLogsRoutes,
  sessionsRoutes,
} from './modules/sessions/index.ts';
import { activeSigningKeys, everyActiveSigningKey, signingKeysModule } from './modules/signing-keys/index.ts';
import { createStatisticsService, statisticsRoutes } from './modules/statistics/index.ts';
import {
  createDisabledPluginLinksService,
  createDiscountCodeAttempts,
  createSubscriptionServices,
  disabledPluginLinksRoutes,
  subscriptionCountsForCatalog,
  subscriptionManagementRoutes,
  subscriptionPurchasesRoutes,
  subscriptionReadsRoutes,
  subscriptionsAccountTransfer,
} from './modules/subscriptions/index.ts';
import { telemetryRoutes } from './modules/telemetry/index.ts';
import { type ActiveSigningKeys, createTufServices, tufRoutes } from './modules/tuf/index.ts';
import {
  createUserAdminService,
  createUsersService,
  findUserProfiles,
  usersAdminRoutes,
  usersRoutes,
} from './modules/users/index.ts';
import { createVotesService, votesAccountTransfer, votesRoutes } from './modules/votes/index.ts';
import { createWalletService, walletRoutes } from './modules/wallet/index.ts';
import { registerAccessControl } from './plugins/access-control.ts';
import { type CachedResponse, registerCatalogResponseCache } from './plugins/catalog-response-cache.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerJsonBodyDepthLimit } from './plugins/json-body-depth.ts';
import { createLinkPreviews, nullWhenNotFound } from './plugins/link-preview.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import type { RenderedPage } from './plugins/page-rendering.ts';
import { rateLimitsFrom, registerRateLimits } from './plugins/rate-limits.ts';
import { registerControlCharacterCheck } from './plugins/reject-control-characters.ts';
import { answerSchemaErrorsWithContractMessages } from './plugins/schema-errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';

export interface AppDependencies {
  env: AppEnv;
  database: { db: Db; ping(): Promise<boolean> };
  /** Overrides where the built web app is read from (tests point it at a fixture). */
  webDistDir?: string;
  /** The web's page renderer; by default the one built next to the web app (apps/web/dist-server). */
  webRendererFile?: string;
  clock?: () => Date;
  /** How the log is written (config/logging.ts): JSON unless the entry point chose readable lines. */
  logFormat?: LogFormat;
  /** Outbound HTTP; defaults to fetch restricted to the configured integration hosts. */
  fetch?: FetchLike;
  /** Set by server.ts: draining on shutdown turns /readyz 503 and closes connections after each answer. */
  readiness?: Readiness;
  /** The developers' registered signing keys the TUF repository checks releases against. */
  activeSigningKeys?: ActiveSigningKeys;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: every plugin, service and route is wired here and nowhere else. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { env } = deps;
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  /** How long the catalog's reads, answers and rendered pages are kept (0: not at all). */
  const catalogTtlMs = env.CATALOG_CACHE_SECONDS * 1000;
  const app = Fastify({
    ...loggerOptions(env, { format: deps.logFormat ?? 'json' }),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Only the declared proxies may name the client (ADR 0012); by default nobody can.
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    // Shutdown (lib/graceful-shutdown.ts): closing ends idle keep-alive connections, and a request
    // arriving on a busy one is not processed but answered 503 with Connection: close (retryable).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  installPlainValidationMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  answerSchemaErrorsWithContractMessages(app);
  registerJsonBodyDepthLimit(app);
  registerControlCharacterCheck(app);

  const discordConfig = resolveDiscordConfig(env);
  const tokens = createProductTokens({ secret: env.JWT_SECRET, ttlSeconds: env.JWT_TTL_SECONDS, clock });
  // Every in-memory cache of database state, invalidated by name across processes (ADR 0033).
  const caches = await connectCaches(
    env.DATABASE_URL,
    env.SERVICES.includes('api'),
    deps.database.db,
    app.log,
  );
  app.decorate('caches', caches);
  app.addHook('onClose', () => caches.close());
  const users = createUsersService({ db, clock, caches });
  const sessions = createSessionServices({
    db,
    clock,
    timeoutSeconds: env.CLIENT_SESSION_TIMEOUT_SECONDS,
    onBatchError: (error) =>
      app.log.error({ err: error }, 'heartbeat last updates not written; kept for the next batch'),
    logRetentionDays: env.SESSION_LOG_RETENTION_DAYS,
  });
  app.addHook('onClose', () => sessions.close());
  // Today's session-log partition and the week ahead exist before any session opens (ADR 0037).
  await sessions.logUpkeep.run();
  const discordFetch = deps.fetch ?? createSafeFetch([discordConfig.apiBase]);
  const discord = createDiscordClient({
    apiBase: discordConfig.apiBase,
    clientId: discordConfig.clientId,
    clientSecret: discordConfig.clientSecret,
    fetch: discordFetch,
  });
  // What happened to an account, in its bell and as the bot's direct message (issue 35).
  const notifications = createNotificationServices({
    db,
    clock,
    bot: discordConfig.botToken
      ? createDiscordBot({
          apiBase: discordConfig.apiBase,
          botToken: discordConfig.botToken,
          fetch: discordFetch,
        })
      : null,
    publicUrl: env.PUBLIC_URL,
    dmRetrySeconds: env.NOTIFICATION_DM_RETRY_SECONDS,
    jobs: () => app.jobs,
  });
  const { notify, notifyAll } = notifications;
  const signInGrants = createSignInGrants({ db, clock });
  const identity = createIdentityService({
    discord,
    config: discordConfig,
    users,
    tokens,
    grants: signInGrants,
    // Called on sign-out only, once everything below is built.
    clientSignIns: { revokeAllOf: (userId) => client.tokens.revokeAllOf(db, userId) },
  });
  const catalog = createCatalogServices({
    db,
    clock,
    brandName: env.BRAND_NAME,
    cacheSeconds: env.CATALOG_CACHE_SECONDS,
    rankingSeconds: env.CATALOG_RANKING_SECONDS,
    caches,
    subscriptionCounts: subscriptionCountsForCatalog,
    includedPlugins: findIncludedPlugins,
    pluginShowcases: findPluginShowcases,
    versionDatesOfPrices: findVersionDatesOfPrices,
  });
  const wallet = createWalletService({ db });
  const subscriptions = createSubscriptionServices({
    db,
    clock,
    wallet,
    developerSharePercent: env.DEVELOPER_SHARE_PERCENT,
    notify,
    notifyAll,
  });
  const discountCodes = createDiscountCodesService({ db, clock });
  const auditEvents = createAuditEventsService({
    db,
    actorNames: findUserProfiles,
    payeeNames: findPayeeNames,
  });

  const counters = failingOpen(
    env.REDIS_URL
      ? await createRedisCounterStore({
          url: env.REDIS_URL,
          keyPrefix: env.REDIS_KEY_PREFIX,
          onError: (error) => app.log.warn({ err: error }, 'Redis connection problem'),
        })
      : createMemoryCounterStore(),
    (error) => app.log.error({ err: error }, 'rate-limit store unavailable; request let through'),
  );
  app.addHook('onClose', () => counters.close());
  const codeAttempts = createDiscountCodeAttempts({
    store: counters,
    maxFailures: env.DISCOUNT_CODE_FAILURES_PER_HOUR,
  });

  // Order matters (ADR 0012): headers on every answer, then limits, then the costlier sign-in check.
  await registerSecurityHeaders(app);
  registerRateLimits(app, {
    store: counters,
    limits: rateLimitsFrom(env),
    accountOf: async (token) => {
      // A game client's token: its account, from the checks kept in memory (client is built below).
      if (token.startsWith('emc_'))
        return client.tokens.accountOf(token).then((id) => (id === null ? null : String(id)));
      const verified = await tokens.verify(token);
      return verified.ok ? verified.claims.sub : null;
    },
  });
  registerAccessControl(app, { tokens, loadPrincipal: (userId) => users.loadPrincipal(userId) });
  // Before compression, so the cache keeps the body as serialized.
  if (catalogTtlMs > 0) {
    registerCatalogResponseCache(app, {
      cache: createKeyedCache<CachedResponse>({ name: 'catalog', ttlMs: catalogTtlMs, registry: caches }),
    });
  }
  await registerCompression(app);
  await app.register(cookie);
  await registerOpenApi(app, { title: env.BRAND_NAME, version: env.CLIENT_VERSION });

  if (deps.readiness) closeConnectionsWhileDraining(app, deps.readiness);
  await app.register(healthRoutes, { pingDatabase: () => deps.database.ping(), readiness: deps.readiness });
  // Plugin artifacts and client releases (decision 0025): one store for updates, releases and downloads.
  const blobs = createBlobStore(env);
  const manifestSigner = await loadManifestSigner(env);
  const tuf = await createTufServices({
    env,
    db,
    clock,
    // A developer's release verifies only under the keys they still have registered (decision 0053).
    activeSigningKeys: deps.activeSigningKeys ?? ((developerId) => activeSigningKeys(db, developerId)),
    registeredKeys: () => everyActiveSigningKey(db),
    manifestKeysHex: manifestSigner.keys.map((key) => Buffer.from(key.publicKey, 'base64').toString('hex')),
  });
  if (tuf.local) {
    app.log.info(
      `TUF: a local trust of this server (decision 0064); start clients with --trust-root ${tuf.local.rootFile}`,
    );
  }
  await app.register(tufRoutes, { prefix: env.API_CLIENT_BASE, repository: tuf.repository });
  const delivery = createDeliveryServices({
    db,
    clock,
    env,
    blobs,
    enqueue: (payload) => app.jobs.send(delivery.jobs.repoUpdate, payload),
    caches,
    tuf: tuf.repository,
    notify,
  });
  await app.register(contentRoutes, {
    env,
    startedAt: clock(),
    currentLoader: () => delivery.releases.current('LOADER'),
  });
  // robots.txt and the sitemap of the public pages and the plans on sale (issue 26, decision 0031).
  await app.register(crawlerRoutes, {
    publicUrl: env.PUBLIC_URL,
    apiBases: [
      env.API_IDENTITY_BASE,
      env.API_SHOP_BASE,
      env.API_COMMERCE_BASE,
      env.API_ADMIN_BASE,
      env.API_CLIENT_BASE,
    ],
    sitemap: catalog.planCatalog,
  });
  await app.register(telemetryRoutes);
  await app.register(identityRoutes, {
    prefix: env.API_IDENTITY_BASE,
    identity,
    secureCookies: env.NODE_ENV === 'production',
  });
  await app.register(usersRoutes, { prefix: env.API_SHOP_BASE, users });
  await app.register(sessionsRoutes, { prefix: env.API_SHOP_BASE, sessions: sessions.sessions });
  await app.register(sessionAdminRoutes, {
    prefix: env.API_SHOP_BASE,
    sessionAdmin: sessions.admin,
  });
  await app.register(sessionLogsRoutes, {
    prefix: env.API_SHOP_BASE,
    sessionLogs: sessions.logs,
  });
  await app.register(labelsRoutes, { prefix: env.API_SHOP_BASE, labels: catalog.labels });
  await app.register(suggestionsRoutes, { prefix: env.API_SHOP_BASE, suggestions: catalog.suggestions });
  await app.register(plansRoutes, {
    prefix: env.API_SHOP_BASE,
    catalog: catalog.planCatalog,
    plans: catalog.plans,
  });
  await app.register(developersRoutes, { prefix: env.API_SHOP_BASE, developers: catalog.developers });
  await app.register(pricesRoutes, { prefix: env.API_SHOP_BASE, prices: catalog.prices });
  await app.register(accessListsRoutes, { prefix: env.API_SHOP_BASE, accessLists: catalog.accessLists });
  await app.register(subCountsRoutes, { prefix: env.API_SHOP_BASE, subCounts: catalog.subCounts });
  await app.register(walletRoutes, { prefix: env.API_SHOP_BASE, wallet });
  await app.register(subscriptionPurchasesRoutes, {
    prefix: env.API_SHOP_BASE,
    purchases: subscriptions.purchases,
    codeAttempts,
  });
  await app.register(subscriptionManagementRoutes, {
    prefix: env.API_SHOP_BASE,
    management: subscriptions.management,
  });
  await app.register(subscriptionReadsRoutes, { prefix: env.API_SHOP_BASE, reads: subscriptions.reads });
  await app.register(disabledPluginLinksRoutes, {
    prefix: env.API_SHOP_BASE,
    disabledPluginLinks: createDisabledPluginLinksService({ db }),
  });
  await app.register(discountCodesRoutes, { prefix: env.API_SHOP_BASE, discountCodes });
  await app.register(signingKeysModule, { prefix: env.API_SHOP_BASE, db, clock });
  await app.register(statisticsRoutes, {
    prefix: env.API_SHOP_BASE,
    statistics: createStatisticsService({ db, clock }),
  });
  await app.register(payoutsRoutes, {
    prefix: env.API_COMMERCE_BASE,
    payouts: createPayoutsService({
      db,
      clock,
      brand: { name: env.BRAND_NAME, tagline: env.BRAND_TAGLINE },
      notify,
    }),
  });
  await app.register(deliveryRoutes, {
    prefix: env.API_SHOP_BASE,
    repositories: delivery.repositories,
    pluginLinks: delivery.pluginLinks,
  });
  await app.register(pluginMediaRoutes, { db, blobs });
  await app.register(repoUpdatesRoutes, { prefix: env.API_SHOP_BASE, repoUpdates: delivery.repoUpdates });
  await app.register(approvalsRoutes, {
    prefix: env.API_SHOP_BASE,
    approvals: delivery.approvals,
    maxJarBytes: env.APPROVED_JAR_MAX_BYTES,
  });
  await app.register(clientReleasesRoutes, { prefix: env.API_SHOP_BASE, releases: delivery.releases });
  const votes = createVotesService({
    db,
    clock,
    subscriptions: subscriptions.management,
    warn: (message) => app.log.warn(message),
  });
  await app.register(votesRoutes, { prefix: env.API_SHOP_BASE, votes });
  await app.register(reviewsModule, {
    prefix: env.API_SHOP_BASE,
    db,
    clock,
    caches,
    cacheTtlMs: catalogTtlMs,
    notifications: {
      onReviewAnswered: (answered) =>
        notify(db, {
          userId: answered.authorUserId,
          kind: 'REVIEW_ANSWERED',
          idempotencyKey: `review-answered:${answered.reviewId}`,
          params: { developer: answered.developer, planName: answered.planName },
          link: `/shop/${answered.planId}`,
        }),
    },
    warn: (message, details) => app.log.warn(details ?? {}, message),
  });
  const gateways = resolvePaymentGateways(env, {
    clock,
    fetch: deps.fetch,
    findSandboxOutcome: (providerId) => sandboxOutcomeOf(db, providerId),
  });
  const unoffered = unofferedPaymentsMessage(choosePaymentProcessors(env));
  if (unoffered) app.log.warn(unoffered);
  if (gateways.sandbox && env.NODE_ENV === 'production') {
    throw new Error('The sandbox payment processor is refused in production');
  }
  const commerce = createCommerceServices({
    db,
    clock,
    wallet,
    gateways,
    publicUrl: env.PUBLIC_URL,
    orderExpiryMinutes: env.ORDER_EXPIRY_MINUTES,
    warn: (message, details) => app.log.warn(details ?? {}, message),
    seller: {
      brand: { name: env.BRAND_NAME, tagline: env.BRAND_TAGLINE },
      studioName: env.BRAND_STUDIO_NAME,
      studioUrl: env.BRAND_STUDIO_URL,
      publicUrl: env.PUBLIC_URL,
    },
    notify,
  });
  const { payments } = commerce;
  await app.register(commerceRoutes, {
    prefix: env.API_COMMERCE_BASE,
    products: commerce.products,
    orders: commerce.orders,
    payments,
    receipts: commerce.receipts,
  });
  await app.register(accountHoldsRoutes, { prefix: env.API_COMMERCE_BASE, holds: commerce.holds });
  await app.register(webhooksRoutes, { gateways, payments });
  if (gateways.sandbox) {
    await app.register(sandboxCheckoutRoutes, {
      sandbox: gateways.sandbox,
      payments,
      brandName: env.BRAND_NAME,
    });
  }

  // The game-client API (docs/client-api.md, decision 0026).
  if (env.NODE_ENV !== 'production' && env.SEED_ON_EMPTY) {
    // The demo plugins verify through TUF like released ones: signed on a local trust (decision 0064).
    await setPluginTargets(db, await tuf.signDemoReleases(await giveDemoArtifacts(db, blobs)));
  }
  const client = await createClientApiServices({
    db,
    clock,
    publicUrl: env.PUBLIC_URL,
    clientApiUrl: `${env.PUBLIC_URL}${env.API_CLIENT_BASE}`,
    downloadSecret: env.JWT_SECRET,
    signer: manifestSigner,
    blobs,
    manifestTtlSeconds: env.MANIFEST_TTL_SECONDS,
    downloadTtlSeconds: env.DOWNLOAD_URL_TTL_SECONDS,
    standingFeed: { databaseUrl: env.DATABASE_URL, listen: env.SERVICES.includes('api') },
    log: app.log,
  });
  app.addHook('onClose', () => client.close());
  await app.register(clientApiRoutes, {
    prefix: env.API_CLIENT_BASE,
    tokens: client.tokens,
    devices: client.devices,
    manifests: client.manifests,
    downloads: client.downloads,
    sessions: sessions.clientSessions,
  });
  await app.register(deviceApprovalRoutes, {
    prefix: env.API_SHOP_BASE,
    devices: client.devices,
    tokens: client.tokens,
    attempts: createDeviceCodeAttempts({ store: counters }),
  });
  await app.register(usersAdminRoutes, {
    prefix: env.API_SHOP_BASE,
    userAdmin: createUserAdminService({
      db,
      clock,
      wallet,
      clientTokens: client.tokens,
      caches,
      accountTransfer: {
        votes: votesAccountTransfer,
        subscriptions: subscriptionsAccountTransfer,
        orders: ordersAccountTransfer,
        payouts: payoutsAccountTransfer,
        sessions: clientSessionsAccountTransfer,
        accessListEntries: accessListEntriesAccountTransfer,
      },
    }),
  });

  const jobs = createJobQueue({
    db,
    log: app.log,
    definitions: [
      ...applicationJobs({ management: subscriptions.management, wallet }).all,
      ...delivery.jobs.all,
      ...commerceJobs({
        expireUnpaidOrders: () => payments.expireUnpaid(clock(), env.ORDER_EXPIRY_MINUTES),
      }).all,
      ...clientSessionJobs({ deleteStale: () => sessions.clientSessions.deleteStale() }).all,
      ...sessionLogJobs({ upkeep: () => sessions.logUpkeep.run() }).all,
      ...clientApiJobs({ deleteExpiredDeviceCodes: () => client.devices.deleteExpired() }).all,
      ...tuf.jobs.all,
      ...notifications.jobs.all,
      ...identityJobs({ sweepGrants: () => signInGrants.sweep() }).all,
    ],
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  await app.register(jobsRoutes, {
    prefix: env.API_ADMIN_BASE,
    jobs,
    failedJobs: createFailedJobRetry({ db, jobs }),
  });
  await app.register(auditEventsRoutes, { prefix: env.API_SHOP_BASE, auditEvents });
  await app.register(notificationsRoutes, {
    prefix: env.API_SHOP_BASE,
    notifications: notifications.service,
  });

  if (discordConfig.useFake) {
    if (env.NODE_ENV === 'production') throw new Error('The fake sign-in provider is refused in production');
    await app.register(fakeDiscordRoutes, {
      prefix: FAKE_DISCORD_PREFIX,
      clientId: discordConfig.clientId,
      clientSecret: discordConfig.clientSecret,
      guildId: discordConfig.guildId,
      botToken: discordConfig.botToken ?? '',
      accounts: demoDiscordAccounts(),
      brandName: env.BRAND_NAME,
    });
  }

  await registerSpa(app, {
    distDir: deps.webDistDir ?? env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    rendererFile: deps.webRendererFile,
    readPage: catalog.pageReads,
    renderedPages:
      catalogTtlMs > 0
        ? createKeyedCache<RenderedPage | null>({
            name: 'catalog',
            ttlMs: catalogTtlMs,
            maxEntries: 500,
            registry: caches,
          })
        : undefined,
    config: buildPublicConfig(env),
    previewOf: createLinkPreviews({
      publicUrl: env.PUBLIC_URL,
      brandName: env.BRAND_NAME,
      tagline: env.BRAND_TAGLINE,
      findPlan: (id) => catalog.planCatalog.getPlan(id, null).catch(nullWhenNotFound),
    }),
  });

  return app;
}

/**
 * The cache registry and its bus (ADR 0033): on PostgreSQL a LISTEN connection of its own hears the
 * other processes' invalidations (the worker's too); on the embedded database, one process, an
 * in-process bus. Notifications go out through the pool, after the write committed.
 */
async function connectCaches(
  databaseUrl: string | undefined,
  /** A process that answers no reads (SERVICES=worker) only tells the others: it does not listen. */
  answersReads: boolean,
  db: Db,
  log: FastifyInstance['log'],
): Promise<CacheRegistry> {
  const caches = createCacheRegistry({
    onPublishError: (error, name) =>
      log.error({ err: error, cache: name }, 'cache invalidation not sent to the other processes'),
  });
  await caches.connect(
    databaseUrl
      ? createPostgresInvalidationBus({
          connectionString: databaseUrl,
          listen: answersReads,
          notify: async (channel, payload) => {
            await db.execute(sql`select pg_notify(${channel}, ${payload})`);
          },
          log,
        })
      : createInProcessInvalidationBus(),
  );
  return caches;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every in-memory cache of database state, by name (ADR 0033): `app.caches.invalidate('catalog')`. */
    caches: CacheRegistry;
  }
}
