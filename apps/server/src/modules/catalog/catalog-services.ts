import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import { createKeyedCache, type KeyedCache } from '../../lib/cache/keyed-cache.ts';
import { createAccessListsService } from './access-lists.service.ts';
import type {
  IncludedPlugins,
  PluginShowcases,
  SubscriptionCounts,
  VersionDatesOfPrices,
} from './catalog-ports.ts';
import type { Db } from './db.ts';
import { createDeveloperProfiles } from './developer-profiles.ts';
import { createLabelsService } from './labels.service.ts';
import { createPageReads } from './page-reads.ts';
import { createPlanCardShelf } from './plan-card-shelf.ts';
import { createPlanCatalogService } from './plan-catalog.service.ts';
import { createPlanSearchIndex } from './plan-search-index-refresh.ts';
import { createPlanSuggestions } from './plan-suggestions.ts';
import { createPlanViews } from './plan-views.ts';
import { createPlansService } from './plans.service.ts';
import { createPricesService } from './prices.service.ts';
import { createSubCountsService } from './sub-counts.service.ts';

/** The catalog module's services, built once by the composition root. */
export function createCatalogServices({
  db,
  clock,
  brandName,
  cacheSeconds,
  rankingSeconds,
  caches,
  subscriptionCounts,
  includedPlugins,
  pluginShowcases,
  versionDatesOfPrices,
}: {
  db: Db;
  clock: () => Date;
  brandName: string;
  /** How long public catalog reads are kept in this process (0: not at all). */
  cacheSeconds: number;
  /** How old the search index (every sort's order, names, owners, labels) may be (0: off, statements per request). */
  rankingSeconds: number;
  /** The registry the catalog's caches and search index belong to, under the name 'catalog' (decision 0033). */
  caches: CacheRegistry;
  /** The subscriptions module's counts (above the catalog on the ladder, decision 0035). */
  subscriptionCounts: SubscriptionCounts;
  /** The delivery module's plugins of each price (above the catalog on the ladder). */
  includedPlugins: IncludedPlugins;
  /** The delivery module's versions, changelogs and screenshots of plugins (issue 35). */
  pluginShowcases: PluginShowcases;
  /** The delivery module's version dates of the plugins of prices (a developer page's update rhythm). */
  versionDatesOfPrices: VersionDatesOfPrices;
}) {
  const planViews = createPlanViews({ db, brandName });
  const cache = createKeyedCache({ name: 'catalog', ttlMs: cacheSeconds * 1000, registry: caches });
  const searchIndex = createPlanSearchIndex({
    db,
    clock,
    maxAgeMs: rankingSeconds * 1000,
    usable: () => caches.caching,
    popularity: subscriptionCounts,
  });
  const cardShelf = createPlanCardShelf({ db, usable: () => caches.caching });
  const suggestions = createPlanSuggestions({
    db,
    ownerName: planViews.ownerName,
    usable: () => caches.caching,
  });
  caches.subscribe('catalog', () => {
    searchIndex.invalidate();
    cardShelf.invalidate();
    suggestions.invalidate();
  });
  const planCatalogOf = (readsCache: KeyedCache) =>
    createPlanCatalogService({
      db,
      clock,
      planViews,
      cache: readsCache,
      searchIndex,
      cardShelf,
      activeSubscriptionCountsSql: subscriptionCounts.activeSubscriptionCountsSql,
      includedPlugins,
      pluginShowcases,
    });
  const labels = createLabelsService({ db });
  const subCounts = createSubCountsService({
    db,
    clock,
    activeSubscriptionStats: subscriptionCounts.activeSubscriptionStats,
  });
  const developersOf = (readsCache: KeyedCache) =>
    createDeveloperProfiles({ db, planViews, cache: readsCache, versionDatesOfPrices });
  const uncached = createKeyedCache({ name: 'catalog', ttlMs: 0, registry: caches });
  return {
    labels,
    planCatalog: planCatalogOf(cache),
    developers: developersOf(cache),
    suggestions,
    /**
     * A rendered guest page's reads (decision 0046), answered without the catalog's keyed cache (a TTL
     * of 0 keeps nothing): the page route keeps the rendered page whole instead.
     */
    pageReads: createPageReads({
      planCatalog: planCatalogOf(uncached),
      developers: developersOf(uncached),
      labels,
      subCounts,
    }),
    /** The in-process search index of the plans on sale (tests wait for its rebuild with ready()). */
    searchIndex,
    plans: createPlansService({
      db,
      clock,
      planViews,
      caches,
      planHasSubscriptions: subscriptionCounts.planHasSubscriptions,
    }),
    prices: createPricesService({
      db,
      clock,
      caches,
      activeSubscriptionsOfPrice: subscriptionCounts.activeSubscriptionsOfPrice,
    }),
    accessLists: createAccessListsService({ db }),
    subCounts,
  };
}
