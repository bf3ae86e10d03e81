import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { contentRoutes } from './content.routes.ts';
import { crawlerRoutes, type SitemapSource } from './crawler.routes.ts';

type ContentPorts = Pick<Parameters<typeof contentRoutes>[1], 'currentLoader'> & { sitemap: SitemapSource };

/** The documents, bootstrap and public config at the root; robots.txt and the sitemap (decision 0031). */
export function contentModule({ env, clock }: ModuleContext, ports: ContentPorts) {
  const startedAt = clock();
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(contentRoutes, { env, startedAt, currentLoader: ports.currentLoader });
    await app.register(crawlerRoutes, {
      publicUrl: env.PUBLIC_URL,
      apiBases: [
        env.API_IDENTITY_BASE,
        env.API_SHOP_BASE,
        env.API_COMMERCE_BASE,
        env.API_ADMIN_BASE,
        env.API_CLIENT_BASE,
      ],
      sitemap: ports.sitemap,
    });
  };
  return { name: 'content', plugin, ports: {} };
}
