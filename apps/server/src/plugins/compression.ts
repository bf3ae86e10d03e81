import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * gzip/brotli for every compressible answer over 1 KB (API JSON, the SPA's files), issue 11.
 * Brotli at quality 4: for answers built per request the top qualities cost more CPU than the
 * bytes they save.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
