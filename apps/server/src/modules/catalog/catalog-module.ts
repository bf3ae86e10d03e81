import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { accessListsRoutes } from './access-lists.routes.ts';
import { accessListEntriesAccountTransfer } from './account-transfer.ts';
import { createCatalogServices } from './catalog-services.ts';
import { developersRoutes } from './developers.routes.ts';
import { labelsRoutes } from './labels.routes.ts';
import { plansRoutes } from './plans.routes.ts';
import { pricesRoutes } from './prices.routes.ts';
import { subCountsRoutes } from './sub-counts.routes.ts';
import { suggestionsRoutes } from './suggestions.routes.ts';

type CatalogPorts = Pick<
  Parameters<typeof createCatalogServices>[0],
  'subscriptionCounts' | 'includedPlugins' | 'pluginShowcases' | 'versionDatesOfPrices'
>;

/** Plans, prices, labels, access lists and subscriber counts (shop base). */
export function catalogModule({ env, db, clock, caches }: ModuleContext, ports: CatalogPorts) {
  const catalog = createCatalogServices({
    db,
    clock,
    brandName: env.BRAND_NAME,
    cacheSeconds: env.CATALOG_CACHE_SECONDS,
    rankingSeconds: env.CATALOG_RANKING_SECONDS,
    caches,
    ...ports,
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    const prefix = env.API_SHOP_BASE;
    await app.register(labelsRoutes, { prefix, labels: catalog.labels });
    await app.register(suggestionsRoutes, { prefix, suggestions: catalog.suggestions });
    await app.register(plansRoutes, { prefix, catalog: catalog.planCatalog, plans: catalog.plans });
    await app.register(developersRoutes, { prefix, developers: catalog.developers });
    await app.register(pricesRoutes, { prefix, prices: catalog.prices });
    await app.register(accessListsRoutes, { prefix, accessLists: catalog.accessLists });
    await app.register(subCountsRoutes, { prefix, subCounts: catalog.subCounts });
  };
  return {
    name: 'catalog',
    plugin,
    accountTransfer: { accessListEntries: accessListEntriesAccountTransfer },
    ports: { planCatalog: catalog.planCatalog, pageReads: catalog.pageReads },
  };
}
