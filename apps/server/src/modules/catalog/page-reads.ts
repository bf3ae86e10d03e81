import {
  labelsResponse,
  planDetailResponse,
  planPageResponse,
  plansQuery,
  subCountsResponse,
} from '@ember/contracts/catalog';
import { developerProfileResponse } from '@ember/contracts/developer-profile';
import type { PageAnswer, PageRead } from '@ember/contracts/page-reads';
import { plansRequestOf } from '@ember/contracts/shop-search';
import type { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import type { DeveloperProfiles } from './developer-profiles.ts';
import type { LabelsService } from './labels.service.ts';
import type { PlanCatalogService } from './plan-catalog.service.ts';
import type { SubCountsService } from './sub-counts.service.ts';

/**
 * An answer as the browser holds it after reading it itself: the route's JSON parsed with its
 * contract (the web's api-client does the same), so the page is drawn from the same values and the
 * browser hydrates with the same cache.
 */
function asTheBrowserHoldsIt<S extends z.ZodType>(contract: S, answer: unknown): z.output<S> {
  return contract.parse(JSON.parse(JSON.stringify(answer)));
}

/**
 * The answers of a rendered page's reads (@ember/contracts/page-reads) for a guest, from the
 * services the catalog's routes answer them with, in-process (decision 0046): no request, no access
 * hook, no rate limit of their own (the page view counted once). `planCatalog` is handed without the
 * catalog's keyed cache: the rendered page is kept whole instead, the one cache on that path.
 */
export function createPageReads({
  planCatalog,
  developers,
  labels,
  subCounts,
}: {
  planCatalog: PlanCatalogService;
  developers: DeveloperProfiles;
  labels: LabelsService;
  subCounts: SubCountsService;
}) {
  async function answerOf(read: PageRead): Promise<PageAnswer> {
    switch (read.read) {
      case 'plans': {
        const page = await planCatalog.listPlans(plansQuery.parse(plansRequestOf(read.filters)));
        return { ...read, data: asTheBrowserHoldsIt(planPageResponse, page) };
      }
      case 'labels':
        return { ...read, data: asTheBrowserHoldsIt(labelsResponse, await labels.listLabels()) };
      case 'plan': {
        const plan = await planCatalog.getPlan(read.planId, null);
        return { ...read, data: asTheBrowserHoldsIt(planDetailResponse, plan) };
      }
      case 'planSubCounts': {
        const counts = await subCounts.forPlan(read.planId, null);
        return { ...read, data: asTheBrowserHoldsIt(subCountsResponse, counts) };
      }
      case 'developer': {
        const profile = await developers.get(read.developerId);
        return { ...read, data: asTheBrowserHoldsIt(developerProfileResponse, profile) };
      }
    }
  }

  /** The answers in the reads' order; null when the page's plan or developer is not found (its page goes unrendered). */
  return async function readPage(reads: readonly PageRead[]): Promise<PageAnswer[] | null> {
    try {
      return await Promise.all(reads.map(answerOf));
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  };
}
