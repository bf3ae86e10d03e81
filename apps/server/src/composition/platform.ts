import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { createKeyedCache } from '../lib/cache/keyed-cache.ts';
import { registerAccessControl } from '../plugins/access-control.ts';
import { type CachedResponse, registerCatalogResponseCache } from '../plugins/catalog-response-cache.ts';
import { registerCompression } from '../plugins/compression.ts';
import { registerOpenApi } from '../plugins/openapi.ts';
import { rateLimitsFrom, registerRateLimits } from '../plugins/rate-limits.ts';
import { registerSecurityHeaders } from '../plugins/security-headers.ts';
import type { ModuleContext } from './module-context.ts';

type AccessControl = Parameters<typeof registerAccessControl>[1];

/** What every route shares, registered before any module: headers, limits, sign-in, cache, compression. */
export async function registerPlatform(
  app: FastifyInstance,
  { env, counters, caches }: ModuleContext,
  signIn: AccessControl & {
    /** The account a game client's `emc_` token belongs to, from the checks kept in memory. */
    clientAccountOf(token: string): Promise<number | null>;
  },
): Promise<void> {
  // Order matters (ADR 0012): headers on every answer, then limits, then the costlier sign-in check.
  await registerSecurityHeaders(app);
  registerRateLimits(app, {
    store: counters,
    limits: rateLimitsFrom(env),
    accountOf: async (token) => {
      if (token.startsWith('emc_'))
        return signIn.clientAccountOf(token).then((id) => (id === null ? null : String(id)));
      const verified = await signIn.tokens.verify(token);
      return verified.ok ? verified.claims.sub : null;
    },
  });
  registerAccessControl(app, signIn);
  // Before compression, so the cache keeps the body as serialized.
  const catalogTtlMs = env.CATALOG_CACHE_SECONDS * 1000;
  if (catalogTtlMs > 0) {
    registerCatalogResponseCache(app, {
      cache: createKeyedCache<CachedResponse>({ name: 'catalog', ttlMs: catalogTtlMs, registry: caches }),
    });
  }
  await registerCompression(app);
  await app.register(cookie);
  await registerOpenApi(app, { title: env.BRAND_NAME, version: env.CLIENT_VERSION });
}
