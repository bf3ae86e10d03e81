import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { NotFound } from '../../lib/errors.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { Db } from './db.ts';
import { isPublishedScreenshot } from './plugin-showcase.repository.ts';

/** Where the plan page loads a screenshot from: `/media/screenshots/{sha256}.webp`. */
export const SCREENSHOT_PATH = '/media/screenshots';

const NOT_FOUND = 'This image does not exist.';
const fileParams = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.webp$/, NOT_FOUND) });

/**
 * The screenshots repository updates published (decision 0050). An address names the bytes' own
 * sha256, so a response never changes: kept a year by every cache, immutable. Only the store's
 * own WebP output of a registered plugin is served; no other blob (a jar, a release) is reachable
 * here. Outside /api, like the web app's files: a page's pictures do not count against the
 * visitor's request limit.
 */
export const pluginMediaRoutes: FastifyPluginAsyncZod<{ db: Db; blobs: BlobStore }> = async (
  app,
  { db, blobs },
) => {
  const route = declareRoutes(app);

  route.get(
    `${SCREENSHOT_PATH}/:file`,
    {
      action: 'catalog:browse',
      hide: true,
      params: fileParams,
    },
    async (request, reply) => {
      const sha256 = request.params.file.slice(0, 64);
      if (!(await isPublishedScreenshot(db, sha256))) throw new NotFound(NOT_FOUND);
      const bytes = await blobs.get(sha256);
      if (!bytes) throw new NotFound(NOT_FOUND);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${sha256}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};
