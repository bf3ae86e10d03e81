import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** What the app compresses with, in order of preference. */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];
/** Answers smaller than this go out as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** For answers built per request the top qualities cost more CPU than the bytes they save. */
export const BROTLI_QUALITY = 4;

/** gzip/brotli for every compressible answer over 1 KB (API JSON, the SPA's files), issue 11. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...RESPONSE_ENCODINGS],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
