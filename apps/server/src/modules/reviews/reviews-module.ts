import type { ReviewPage } from '@ember/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import { createKeyedCache } from '../../lib/cache/keyed-cache.ts';
import { findPlanForReviews, findPlanRating, findPriceOwnership } from '../catalog/index.ts';
import { findIncludedPlugins } from '../delivery/index.ts';
import { findRunTime } from '../sessions/index.ts';
import { findLatestSubscriptionToPlan } from '../subscriptions/index.ts';
import type { Db } from './db.ts';
import type { ReviewFacts } from './review-eligibility.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService, type ReviewNotifications } from './reviews.service.ts';

/** What a reviewer must have done, from the modules that know it (decision 0035: their index functions). */
export const reviewFacts: ReviewFacts = {
  findPlan: findPlanForReviews,
  findLatestSubscription: findLatestSubscriptionToPlan,
  findPriceName: async (db, priceId) => (await findPriceOwnership(db, priceId))?.priceName ?? null,
  findPluginIdsOfPrices: async (db, priceIds) =>
    priceIds.length === 0
      ? []
      : [...new Set((await findIncludedPlugins(db, priceIds)).map((row) => row.pluginId))],
  findRunTime,
};

export interface ReviewsModuleOptions {
  db: Db;
  clock: () => Date;
  /** Told when a developer answers a review; a no-op until notifications are wired (issue 35 item 5). */
  notifications?: ReviewNotifications;
  caches: CacheRegistry;
  /** How long a page of reviews is kept at most (CATALOG_CACHE_SECONDS); writes drop it before. */
  cacheTtlMs: number;
  warn?: (message: string, details?: object) => void;
}

/** The reviews module as one registration (its routes under the prefix it is registered with: the shop base). */
export const reviewsModule: FastifyPluginAsyncZod<ReviewsModuleOptions> = async (app, options) => {
  const { caches, cacheTtlMs, ...rest } = options;
  const reviews = createReviewsService({
    ...rest,
    facts: reviewFacts,
    findPlanRating,
    pages: createKeyedCache<ReviewPage | null>({ name: 'reviews', ttlMs: cacheTtlMs, registry: caches }),
    invalidatePages: () => caches.invalidate('reviews'),
  });
  await app.register(reviewsRoutes, { reviews });
};
