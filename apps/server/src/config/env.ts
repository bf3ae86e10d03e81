import { DEFAULT_DEVELOPER_SHARE_PERCENT } from '@ember/contracts/developer-share';
import { z } from 'zod';
import { PRIVATE_NETWORK_ENTRY_MESSAGE, parsePrivateNetworks } from '../integrations/git/private-networks.ts';
import { booleanString, hostList, LOOPBACK_HOSTS, servicesList } from './env-values.ts';
import { choosePaymentProcessors } from './payment-processors.ts';
import { isGuessableSecret } from './secret-strength.ts';
import { trustProxy } from './trust-proxy.ts';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Defaults to 0.0.0.0, or 127.0.0.1 while the development sign-in (no DISCORD_CLIENT_ID) is active. */
    HOST: z.string().optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: readable lines on a terminal, JSON on a pipe or file; production is always JSON (config/logging.ts). */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Seed the demo data into an empty database; by default on the embedded database with the development sign-in only (0028, 0058). */
    SEED_ON_EMPTY: booleanString.optional(),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    /** Defaults to http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    DISCORD_CLIENT_ID: z.string().min(1).optional(),
    DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
    /** The store's bot, which sends the notifications' direct messages (none: no direct messages). */
    DISCORD_BOT_TOKEN: z.string().min(1).optional(),
    /** Seconds before a failed direct message is sent again (doubling on each further retry). */
    NOTIFICATION_DM_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    DISCORD_GUILD_ID: z
      .string()
      .regex(/^[0-9]{17,20}$/, 'must be a Discord server id')
      .optional(),
    DISCORD_API_BASE: z.url({ protocol: /^https?$/ }).default('https://discord.com/api/v10'),
    DISCORD_AUTHORIZE_URL: z.url({ protocol: /^https?$/ }).default('https://discord.com/oauth2/authorize'),
    /** Unset outside production: a random secret is generated on first start and kept in DATA_DIR (jwt-secret.ts). */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    API_IDENTITY_BASE: z.string().startsWith('/').default('/api/identity'),
    API_SHOP_BASE: z.string().startsWith('/').default('/api/shop'),
    API_COMMERCE_BASE: z.string().startsWith('/').default('/api/commerce'),
    API_ADMIN_BASE: z.string().startsWith('/').default('/api/admin'),
    /** The game-client API (docs/client-api.md). */
    API_CLIENT_BASE: z.string().startsWith('/').default('/api/client'),
    WEB_DIST_DIR: z.string().optional(),
    BRAND_NAME: z.string().min(1).default('Ember'),
    BRAND_TAGLINE: z.string().default('Plugins that play it smart.'),
    BRAND_LOGO_URL: z.string().min(1).default('/brand/logo.svg'),
    BRAND_CHAT_INVITE_URL: z.url().default('https://discord.gg/ember-client'),
    BRAND_JAVADOCS_URL: z.url().default('https://docs.emberclient.net/javadocs'),
    BRAND_FORUMS_URL: z.url().default('https://forum.emberclient.net'),
    BRAND_STUDIO_NAME: z.string().min(1).default('Northlight Studio'),
    BRAND_STUDIO_URL: z.url().default('https://northlight.studio'),
    DOWNLOADS_BASE_URL: z.url().default('https://downloads.emberclient.net'),
    CLIENT_VERSION: z.string().min(1).default('1.4.2'),
    /** DESIGN §4: the plan owner's share of each credit sale, in percent (the product's own account keeps 100%). */
    DEVELOPER_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(DEFAULT_DEVELOPER_SHARE_PERCENT),
    /** Which roles this process runs; one process runs both by default. */
    SERVICES: servicesList.default(['api', 'worker']),
    /**
     * On SIGTERM, how long /readyz answers 503 before the listener closes, so a balancer polling it
     * stops sending here first (lib/graceful-shutdown.ts). Defaults to 5000 in production, 0 elsewhere.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    /** Once the listener is closed, how long requests in flight may take before their connections are cut. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Proxies in front of the server whose X-Forwarded-For is believed; none by default. */
    TRUST_PROXY: trustProxy.default(false),
    /** Shared store for the rate limits (all server processes count together); in-memory when unset. */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Prefix of every key this app writes to Redis, so several deployments can share one server. */
    REDIS_KEY_PREFIX: z.string().default('ember:'),
    /** Requests one client address may make per minute, all routes together. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Sign-in calls (authorize, code exchange) per address per minute. */
    RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Session restores (POST /token, refresh) per signed-in account per minute: every page load of a signed-in visitor makes one. */
    RATE_LIMIT_SESSION_RESTORE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /** Purchases, gifts and credit transfers per address per minute (each counted on its own). */
    RATE_LIMIT_SPENDING_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /** Seconds the public catalog (shop pages, plan pages) is kept in each process; every catalog write drops it in every process (decision 0033); 0 turns it off. */
    CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /** Seconds the whole catalog's popular and price orders are kept before a background refresh; 0: sorted per request (decision 0020). */
    CATALOG_RANKING_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Discount codes that did not work, per account and per address, in an hour. */
    DISCOUNT_CODE_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Orders and checkouts one client address may start per minute. */
    RATE_LIMIT_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Unpaid card and crypto orders expire (and give their stock back) after this many minutes. */
    ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
    /**
     * Which implementation takes card (STRIPE) and crypto (CRYPTO) payments. Default: the real
     * processor when its keys are set, else the local sandbox checkout (refused in production).
     */
    PAYMENT_PROCESSOR_STRIPE: z.enum(['stripe', 'sandbox']).optional(),
    /**
     * The sandbox processor (a local checkout whose Pay button pays nothing): refused on a HOST
     * other machines reach and in production. Defaults to on with the development sign-in only,
     * where any visitor may already act as any demo account (decision 0028).
     */
    PAYMENTS_SANDBOX: booleanString.optional(),
    PAYMENT_PROCESSOR_CRYPTO: z.enum(['btcpay', 'sandbox']).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Where the Stripe SDK sends its calls; unset = api.stripe.com. Tests point it at the local fake. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /** BTCPay Server (Greenfield API): base URL, store, API key (invoice permissions) and webhook secret. */
    BTCPAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    BTCPAY_STORE_ID: z.string().min(1).optional(),
    BTCPAY_API_KEY: z.string().min(1).optional(),
    BTCPAY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Ed25519 keys signing the client manifest: JSON [{keyId, privateKey (PKCS8 PEM or base64 DER),
     * status: current|next}]. Required in production (checked at start, manifest-keys.ts); elsewhere
     * generated into DATA_DIR on first start.
     */
    MANIFEST_SIGNING_KEYS: z.string().min(2).optional(),
    /**
     * The TUF repository's online keys (docs/trust.md): JSON {timestamp, snapshot, obfuscated}, each an
     * Ed25519 PKCS8 PEM. Required in production; elsewhere generated into DATA_DIR on first start.
     */
    TUF_ONLINE_KEYS: z.string().min(2).optional(),
    /**
     * A folder of metadata the operator signed off the server (`N.root.json`, `N.targets.json`):
     * read at start and by the refresh job. Unset outside production: the demo trust (docs/trust.md).
     */
    TUF_SIGNED_DIR: z.string().min(1).optional(),
    /** How long a timestamp (and, times seven, a snapshot) the server signs stays valid. */
    TUF_TIMESTAMP_TTL_SECONDS: z.coerce.number().int().min(300).max(604_800).default(86_400),
    /** How long a signed client manifest is valid. */
    MANIFEST_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    /** How long a download URL given to the client works. */
    DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /** A game-client session without a heartbeat for this long has ended. */
    CLIENT_SESSION_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(120),
    /** Days a session's log row is kept after the session started: its day partition is dropped then (decision 0037). */
    SESSION_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Hosts repositories may live on (exact host names, comma-separated); anything else is refused (integrations/git). */
    REPOSITORY_HOSTS: hostList.default(['github.com', 'gitlab.com', 'bitbucket.org']),
    /** Hosts of REPOSITORY_HOSTS that may be fetched over plain http (a local test git server); refused in production. */
    REPOSITORY_HTTP_HOSTS: hostList.default([]),
    /** Lets repository fetches reach loopback addresses (127.0.0.0/8, ::1), for the tests' local git server; refused in production. */
    REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS: booleanString.default(false),
    /** Private networks (a.b.c.d/nn, comma-separated) fetches may reach, for the operator's own git server; none by default. */
    REPOSITORY_PRIVATE_NETWORKS: hostList
      .refine((list) => parsePrivateNetworks(list) !== null, PRIVATE_NETWORK_ENTRY_MESSAGE)
      .default([]),
    /** A repository update attempt running longer than this fails and is retried (pg-boss expireInSeconds). */
    REPO_UPDATE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
    /** The SOX obfuscator: an executable run as `command <input.jar> <output.jar> <config.json>`; unset: SOX updates fail. */
    OBFUSCATOR_COMMAND: z.string().min(1).optional(),
    OBFUSCATOR_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** The largest dependency jar an admin may approve. */
    APPROVED_JAR_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(20 * 1024 * 1024),
    /** Where plugin artifacts and client releases are kept: a local folder, or an S3-compatible object store. */
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    /** The local blob folder; defaults to DATA_DIR/blobs. */
    BLOB_DIR: z.string().min(1).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style bucket addresses (MinIO, s3rver, most self-hosted stores). */
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    /** Folders holding the built loader / server classpath file and its version.txt, published by the admin commands. */
    LOADER_RELEASE_DIR: z.string().min(1).optional(),
    CLASSPATH_RELEASE_DIR: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    // The development sign-in lets anyone continue as any demo account: never reachable from another machine.
    if (!env.DISCORD_CLIENT_ID && env.HOST !== undefined && !LOOPBACK_HOSTS.includes(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message: `must be 127.0.0.1, ::1 or localhost while the development sign-in is active (no DISCORD_CLIENT_ID), not '${env.HOST}'`,
      });
    }
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.DISCORD_CLIENT_ID ? '0.0.0.0' : '127.0.0.1'),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SEED_ON_EMPTY: env.SEED_ON_EMPTY ?? (!env.DATABASE_URL && !env.DISCORD_CLIENT_ID),
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5000 : 0),
    PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX ?? (!env.DISCORD_CLIENT_ID && env.NODE_ENV !== 'production'),
  }))
  .superRefine((env, ctx) => {
    if (env.DISCORD_CLIENT_ID && (!env.DISCORD_CLIENT_SECRET || !env.DISCORD_GUILD_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DISCORD_CLIENT_ID'],
        message: 'needs DISCORD_CLIENT_SECRET and DISCORD_GUILD_ID as well',
      });
    }
    // The demo data holds an OWNER account: it must never exist where real people sign in (issue 32, item 6).
    if (env.SEED_ON_EMPTY && env.DISCORD_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_ON_EMPTY'],
        message:
          'the demo data (its owner account included) is never seeded while a real Discord application is configured',
      });
    }
    if (env.SERVICES.length < 2 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SERVICES'],
        message: `${env.SERVICES[0]} alone needs DATABASE_URL: the embedded database cannot be shared with another process`,
      });
    }
    if (env.PAYMENTS_SANDBOX && !LOOPBACK_HOSTS.includes(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message: `the sandbox checkout pays for nothing and is refused on HOST '${env.HOST}': listen on 127.0.0.1, ::1 or localhost`,
      });
    }
    const { card: stripe, crypto } = choosePaymentProcessors(env);
    for (const [name, choice] of [
      ['PAYMENT_PROCESSOR_STRIPE', env.PAYMENT_PROCESSOR_STRIPE],
      ['PAYMENT_PROCESSOR_CRYPTO', env.PAYMENT_PROCESSOR_CRYPTO],
    ] as const) {
      if (choice === 'sandbox' && !env.PAYMENTS_SANDBOX)
        ctx.addIssue({ code: 'custom', path: [name], message: 'sandbox needs PAYMENTS_SANDBOX=true' });
    }
    if (stripe === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required for the Stripe processor' });
      }
    }
    if (crypto === 'btcpay') {
      for (const name of [
        'BTCPAY_URL',
        'BTCPAY_STORE_ID',
        'BTCPAY_API_KEY',
        'BTCPAY_WEBHOOK_SECRET',
      ] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required for the BTCPay processor' });
      }
    }
    if (env.BLOB_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when BLOB_STORE=s3' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.LOG_FORMAT === 'pretty') {
      ctx.addIssue({
        code: 'custom',
        path: ['LOG_FORMAT'],
        message: 'production logs are JSON (one record a line): pretty is for development',
      });
    }
    if (env.PAYMENTS_SANDBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message: 'the sandbox payment processor is refused in production: configure Stripe and BTCPay',
      });
    }
    if (env.STRIPE_API_BASE) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_BASE'],
        message: 'points the Stripe SDK away from Stripe (a test fake) and is refused in production',
      });
    }
    if (!env.DISCORD_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['DISCORD_CLIENT_ID'],
        message: 'is required in production (the fake sign-in provider is for development only)',
      });
    }
    if (!env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'must be set to a secret value in production',
      });
    } else if (isGuessableSecret(env.JWT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is too easy to guess: use a random value, e.g. the output of `openssl rand -base64 32`',
      });
    }
    if (!env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production' });
    }
    if (env.REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS'],
        message: 'lets repository fetches reach this machine and is refused in production',
      });
    }
    if (env.REPOSITORY_HTTP_HOSTS.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['REPOSITORY_HTTP_HOSTS'],
        message: 'allows unencrypted repository fetches and is refused in production',
      });
    }
  });

export type { ServiceRole } from './env-values.ts';
export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {}

/** Parses the environment once at boot; the message lists every bad variable so an operator can fix them all at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`,
  );
  throw new InvalidEnvironmentError(`Invalid configuration:\n${lines.join('\n')}`);
}
