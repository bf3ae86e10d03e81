// The catalog module's public surface: code outside the module imports only from here (decision 0035).

export { accessListMemberships } from './access-list-memberships.ts';
export { catalogModule } from './catalog-module.ts';
export { createCatalogServices } from './catalog-services.ts';
export { findPlanOwnerId, findPriceOwnership, type PriceOwnership } from './ownership.ts';
export { planOwners } from './plan-owners.ts';
export { findPlanForReviews, findPlanRating, type PlanForReviews } from './plan-ratings.ts';
export { lockPriceForSale, type PriceForSale, planTerms, priceTerms } from './sale-terms.ts';
