import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createKeyedCache } from '../lib/cache/keyed-cache.ts';
import { buildPublicConfig } from '../modules/content/index.ts';
import { createLinkPreviews, nullWhenNotFound, type PreviewPlan } from '../plugins/link-preview.ts';
import type { RenderedPage } from '../plugins/page-rendering.ts';
import { registerSpa } from '../plugins/spa.ts';
import type { AppDependencies } from './app-dependencies.ts';
import type { ModuleContext } from './module-context.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

type SpaOptions = Parameters<typeof registerSpa>[1];

/** The web app: its files, and the guest pages rendered on the server from the catalog's reads (ADR 0024). */
export async function registerWebPages(
  app: FastifyInstance,
  { env, caches }: ModuleContext,
  deps: Pick<AppDependencies, 'webDistDir' | 'webRendererFile'>,
  catalog: {
    pageReads: SpaOptions['readPage'];
    planCatalog: { getPlan(id: number, viewer: null): Promise<PreviewPlan> };
  },
): Promise<void> {
  const catalogTtlMs = env.CATALOG_CACHE_SECONDS * 1000;
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
}
