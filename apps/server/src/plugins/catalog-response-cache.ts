import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogCache } from '../modules/catalog/catalog-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous 200 answers of this public catalog read are kept as bytes (see registerCatalogResponseCache). */
    cacheResponse?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request's answer is to fill the response cache (the first miss of its URL). */
    responseCacheFill?: ResponseCacheFill;
  }
}

interface CachedResponse {
  body: Buffer;
  contentType: string;
  expiresAt: number;
}

interface ResponseCacheFill {
  url: string;
  /** The cache's generation when the request was let through: a catalog change since makes its answer stale. */
  generation: number;
  /** Settles the wait of the requests for the same URL that arrived meanwhile (null: they run themselves). */
  settle: (filled: CachedResponse | null) => void;
}

/**
 * The public catalog's answers as bytes (issue 11): a repeated anonymous read of a route marked
 * `cacheResponse` is answered from memory before its query is parsed, its handler runs or its
 * JSON is serialized, for as long as the catalog cache keeps data (CATALOG_CACHE_SECONDS) and
 * until any catalog change drops the catalog cache (this process at once, others within the TTL).
 * Requests for a URL that arrive while its first miss is being answered wait for that answer.
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
  // Misses of a URL while its first miss is being answered wait for that answer (no stampede at expiry).
  const filling = new Map<string, Promise<CachedResponse | null>>();

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const found = entries.get(request.url);
    if (found && found.expiresAt > Date.now()) return reply.type(found.contentType).send(found.body);
    const pending = filling.get(request.url);
    if (pending) {
      const filled = await pending;
      if (filled) return reply.type(filled.contentType).send(filled.body);
      return;
    }
    let settle: (filled: CachedResponse | null) => void = () => {};
    filling.set(
      request.url,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    request.responseCacheFill = { url: request.url, generation, settle };
  });

  const finishFill = (fill: ResponseCacheFill, filled: CachedResponse | null) => {
    filling.delete(fill.url);
    fill.settle(filled);
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.responseCacheFill;
    if (!fill) return payload;
    request.responseCacheFill = undefined;
    if (fill.generation !== generation || reply.statusCode !== 200 || typeof payload !== 'string') {
      finishFill(fill, null);
      return payload;
    }
    const filled: CachedResponse = {
      body: Buffer.from(payload),
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      expiresAt: Date.now() + ttlMs,
    };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(fill.url, filled);
    finishFill(fill, filled);
    return filled.body;
  });

  // An answer that never reached onSend (an aborted request) must not leave its URL's waiters hanging.
  app.addHook('onResponse', async (request) => {
    if (request.responseCacheFill) finishFill(request.responseCacheFill, null);
  });
  app.addHook('onRequestAbort', async (request) => {
    if (request.responseCacheFill) finishFill(request.responseCacheFill, null);
  });
}
