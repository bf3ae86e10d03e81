import { findIncludedPlugins } from '../modules/delivery/index.ts';
import {
  activeSubscriptionCountsSql,
  countActiveSubscriptionsOfPrice,
  findActiveSubscriptionStats,
  loadActiveSubscriptionCounts,
  planHasSubscriptions,
} from '../modules/subscriptions/index.ts';

/** What app.ts hands createCatalogServices from the modules above the catalog, for tests that build it alone. */
export const catalogPorts = {
  subscriptionCounts: {
    activeSubscriptionCounts: loadActiveSubscriptionCounts,
    activeSubscriptionCountsSql,
    activeSubscriptionsOfPrice: countActiveSubscriptionsOfPrice,
    activeSubscriptionStats: findActiveSubscriptionStats,
    planHasSubscriptions,
  },
  includedPlugins: findIncludedPlugins,
};
