import type { Db } from '@ember/db/types';
import { createAccessListsService } from './access-lists.service.ts';
import { createCatalogCache } from './catalog-cache.ts';
import { createLabelsService } from './labels.service.ts';
import { createPlanCatalogService } from './plan-catalog.service.ts';
import { createPlanSearchIndex } from './plan-search-index.ts';
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
}: {
  db: Db;
  clock: () => Date;
  brandName: string;
  /** How long public catalog reads are kept in this process (0: not at all). */
  cacheSeconds: number;
  /** How old the search index (every sort's order, names, owners, labels) may be (0: off, statements per request). */
  rankingSeconds: number;
}) {
  const planViews = createPlanViews({ db, brandName });
  const cache = createCatalogCache({ ttlMs: cacheSeconds * 1000 });
  const searchIndex = createPlanSearchIndex({ db, clock, maxAgeMs: rankingSeconds * 1000 });
  cache.onInvalidate(() => searchIndex.invalidate());
  return {
    /** Dropped after every successful change of plans, prices, plugins or users (see app.ts). */
    cache,
    labels: createLabelsService({ db }),
    planCatalog: createPlanCatalogService({ db, clock, planViews, cache, searchIndex }),
    /** The in-process search index of the plans on sale (tests wait for its rebuild with ready()). */
    searchIndex,
    plans: createPlansService({ db, clock, planViews }),
    prices: createPricesService({ db, clock }),
    accessLists: createAccessListsService({ db }),
    subCounts: createSubCountsService({ db, clock }),
  };
}
