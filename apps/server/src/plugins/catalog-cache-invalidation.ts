import type { FastifyInstance } from 'fastify';
import type { CatalogCache } from '../modules/catalog/catalog-cache.ts';

/** Routes whose changes show in the shop or on a plan page: plans, labels, prices, plugins, and users (owner names). */
const CATALOG_ROUTES = /^\/(plans|prices|plugin-links|plugin-repos|plugins|users)(\/|$)/;

/**
 * Drops the catalog cache after every successful change through a catalog route, before the
 * answer leaves, so the caller's next read already sees it (decision 0020).
 */
export function dropCatalogCacheOnChanges(
  app: FastifyInstance,
  { shopBase, cache }: { shopBase: string; cache: CatalogCache },
): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const route = request.routeOptions.url ?? '';
    if (route.startsWith(shopBase) && CATALOG_ROUTES.test(route.slice(shopBase.length))) cache.invalidate();
  });
}
