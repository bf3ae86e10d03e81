// The subscriptions module's public surface: code outside the module imports only from here (decision 0035).

export {
  type EntitledPlugin,
  entitledPlugins,
  entitledPluginsSelect,
  isRunnable,
  type RunnablePlugin,
} from './entitlements.repository.ts';
export { findPausedUntil } from './paused-grants.ts';
export { findLatestSubscriptionToPlan } from './plan-holdings.ts';
export { countActiveSubscriptionsOfPrice } from './purchase.repository.ts';
export {
  activeSubscriptionCountsSql,
  findActiveSubscriptionStats,
  loadActiveSubscriptionCounts,
  planHasSubscriptions,
  subscriptionCountsForCatalog,
} from './subscription-counts.ts';
export { createSubscriptionServices } from './subscription-services.ts';
export { subscriptionTerms, switchedOffPluginLinks } from './subscription-terms.ts';
export { subscriptionsModule } from './subscriptions-module.ts';
