import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyedCache } from '../lib/cache/keyed-cache.ts';
import { compressInOneCall, negotiatedEncoding, type ResponseEncoding, sendsEncoded } from './compression.ts';

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

export interface CachedResponse {
  body: Buffer;
  contentType: string;
  /** The body compressed, made once per encoding a browser asked for. */
  encoded?: Partial<Record<ResponseEncoding, Buffer>>;
}

function encodedAs(answer: CachedResponse, encoding: ResponseEncoding): Buffer {
  answer.encoded ??= {};
  answer.encoded[encoding] ??= compressInOneCall(answer.body, encoding);
  return answer.encoded[encoding];
}

interface ResponseCacheFill {
  /** Settles the kept answer: with the bytes, or failed (not kept; the requests that waited run themselves). */
  resolve: (filled: CachedResponse) => void;
  reject: (reason: Error) => void;
}

/** Why an answer was not kept: not a 200, not a string, or the request ended without one. */
class NotKept extends Error {}

/**
 * The public catalog's answers as bytes (issue 11): a repeated anonymous read of a route marked
 * `cacheResponse` is answered from memory before its query is parsed, its handler runs or its
 * JSON is serialized. The bytes are kept in a keyed cache of the 'catalog' name (decision 0033):
 * for CATALOG_CACHE_SECONDS, and until any catalog change in any process drops them. Requests for a
 * URL that arrive while its first miss is being answered wait for that answer (the cache's shared
 * first miss: the first request's handler is the load). Security headers and rate limits still
 * apply to every answer: the hook runs after them. It keeps the body before compression, and each
 * encoding of it once asked for (br or gzip, as the compression plugin would choose). A signed-in
 * caller is never served the copy.
 */
export function registerCatalogResponseCache(
  app: FastifyInstance,
  { cache }: { cache: KeyedCache<CachedResponse> },
): void {
  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.routeOptions.config?.cacheResponse === true && !request.principal;

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const loading: { fill?: ResponseCacheFill } = {};
    const answer = cache.get(
      request.url,
      () =>
        new Promise<CachedResponse>((resolve, reject) => {
          loading.fill = { resolve, reject };
        }),
    );
    if (loading.fill) {
      // This request is the load: its handler runs and onSend settles the answer.
      request.responseCacheFill = loading.fill;
      answer.catch(() => {});
      return;
    }
    let found: CachedResponse;
    try {
      found = await answer;
    } catch {
      return; // The first request's answer was not kept: this one is answered by the handler.
    }
    reply.type(found.contentType);
    const encoding = negotiatedEncoding(request, found.body.length);
    if (!encoding) return reply.send(found.body);
    // Compressed once, not per request: that was most of a kept answer's cost for a browser.
    return sendsEncoded(reply, encoding).send(encodedAs(found, encoding));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.responseCacheFill;
    if (!fill) return payload;
    request.responseCacheFill = undefined;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      fill.reject(new NotKept());
      return payload;
    }
    const filled: CachedResponse = {
      body: Buffer.from(payload),
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
    };
    fill.resolve(filled);
    return filled.body;
  });

  // An answer that never reached onSend (an aborted request) must not leave its URL's waiters hanging.
  app.addHook('onResponse', async (request) => {
    request.responseCacheFill?.reject(new NotKept());
    request.responseCacheFill = undefined;
  });
  app.addHook('onRequestAbort', async (request) => {
    request.responseCacheFill?.reject(new NotKept());
    request.responseCacheFill = undefined;
  });
}
