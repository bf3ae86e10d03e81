import type { ReviewPage } from '@ember/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { createKeyedCache } from '../../lib/cache/keyed-cache.ts';
import { findPlanForReviews, findPlanRating, findPriceOwnership } from '../catalog/index.ts';
import { findIncludedPlugins } from '../delivery/index.ts';
import { findRunTime } from '../sessions/index.ts';
import { findLatestSubscriptionToPlan } from '../subscriptions/index.ts';
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

/** Players' ratings and reviews of plans (shop base, decision 0051). */
export function reviewsModule(
  { env, db, clock, warn, caches }: ModuleContext,
  ports: {
    /** Told when a developer answers a review (the notification centre). */
    notifications?: ReviewNotifications;
  },
) {
  const reviews = createReviewsService({
    db,
    clock,
    warn,
    ...ports,
    facts: reviewFacts,
    findPlanRating,
    // Pages of reviews, kept at most as long as the catalog's answers; every review write drops them.
    pages: createKeyedCache<ReviewPage | null>({
      name: 'reviews',
      ttlMs: env.CATALOG_CACHE_SECONDS * 1000,
      registry: caches,
    }),
    invalidatePages: () => caches.invalidate('reviews'),
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(reviewsRoutes, { prefix: env.API_SHOP_BASE, reviews });
  };
  return { name: 'reviews', plugin, ports: {} };
}
