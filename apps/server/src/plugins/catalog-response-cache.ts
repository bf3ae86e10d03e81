import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogCache } from '../modules/catalog/catalog-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous 200 answers of this public catalog read are kept as bytes (see registerCatalogResponseCache). */
    cacheResponse?: boolean;
  }
  interface FastifyRequest {
    /** The response cache's generation when this request was let through to its handler. */
    responseCacheGeneration?: number;
  }
}

interface CachedResponse {
  body: Buffer;
  contentType: string;
  expiresAt: number;
}

/**
 * The public catalog's answers as bytes (issue 11): a repeated anonymous read of a route marked
 * `cacheResponse` is answered from memory before its query is parsed, its handler runs or its
 * JSON is serialized, for as long as the catalog cache keeps data (CATALOG_CACHE_SECONDS) and
 * until any catalog change drops the catalog cache (this process at once, others within the TTL).
 * Security headers, rate limits and compression still apply to every answer: the hook runs after
 * them and stores the body before it is compressed. A signed-in caller is never served the copy.
 */
export function registerCatalogResponseCache(
  app: FastifyInstance,
  { cache, ttlMs, maxEntries = 2000 }: { cache: CatalogCache; ttlMs: number; maxEntries?: number },
): void {
  if (ttlMs <= 0) return;
  const entries = new Map<string, CachedResponse>();
  let generation = 0;
  cache.onInvalidate(() => {
    generation++;
    entries.clear();
  });

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.routeOptions.config?.cacheResponse === true && !request.principal;

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const found = entries.get(request.url);
    if (found && found.expiresAt > Date.now()) return reply.type(found.contentType).send(found.body);
    request.responseCacheGeneration = generation;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.responseCacheGeneration === generation &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      cacheable(request)
    ) {
      const body = Buffer.from(payload);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(request.url, {
        body,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        expiresAt: Date.now() + ttlMs,
      });
      return body;
    }
    return payload;
  });
}
