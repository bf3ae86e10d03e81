import type { Db } from '@ember/db/types';
import { createAccessListsService } from './access-lists.service.ts';
import { createLabelsService } from './labels.service.ts';
import { createPlanCatalogService } from './plan-catalog.service.ts';
import { createPlanViews } from './plan-views.ts';
import { createPlansService } from './plans.service.ts';
import { createPricesService } from './prices.service.ts';
import { createSubCountsService } from './sub-counts.service.ts';

/** The catalog module's services, built once by the composition root. */
export function createCatalogServices({
  db,
  clock,
  brandName,
}: {
  db: Db;
  clock: () => Date;
  brandName: string;
}) {
  const planViews = createPlanViews({ db, brandName });
  return {
    labels: createLabelsService({ db }),
    planCatalog: createPlanCatalogService({ db, clock, planViews }),
    plans: createPlansService({ db, clock, planViews }),
    prices: createPricesService({ db, clock }),
    accessLists: createAccessListsService({ db }),
    subCounts: createSubCountsService({ db, clock }),
  };
}
