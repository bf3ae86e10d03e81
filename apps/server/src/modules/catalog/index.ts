// The catalog module's public surface: code outside the module imports only from here (decision 0035).

export { accessListMemberships } from './access-list-memberships.ts';
export { accessListsRoutes } from './access-lists.routes.ts';
export { accessListEntriesAccountTransfer } from './account-transfer.ts';
export { catalogModule } from './catalog-module.ts';
export { createCatalogServices } from './catalog-services.ts';
export { labelsRoutes } from './labels.routes.ts';
export { findPlanOwnerId, findPriceOwnership, type PriceOwnership } from './ownership.ts';
export { planOwners } from './plan-owners.ts';
export { findPlanForReviews, findPlanRating, type PlanForReviews } from './plan-ratings.ts';
export { plansRoutes } from './plans.routes.ts';
export { pricesRoutes } from './prices.routes.ts';
export { lockPriceForSale, type PriceForSale, planTerms, priceTerms } from './sale-terms.ts';
export { subCountsRoutes } from './sub-counts.routes.ts';
