import { disabledPluginLinks, subscriptions } from '@ember/db/schema/subscriptions';
import { QueryBuilder } from 'drizzle-orm/pg-core';

// What other modules may read of subscriptions (decision 0035): who holds which price, over which
// dates, and the plugin links a subscriber switched off. Join them as tables; PostgreSQL flattens
// them, so entitlement and statistics queries stay one statement on the same indexes.

export const subscriptionTerms = new QueryBuilder()
  .select({
    id: subscriptions.id,
    userId: subscriptions.userId,
    planId: subscriptions.planId,
    priceId: subscriptions.priceId,
    purchaseDate: subscriptions.purchaseDate,
    startDate: subscriptions.startDate,
    expireDate: subscriptions.expireDate,
    paused: subscriptions.paused,
  })
  .from(subscriptions)
  .as('subscription_terms');

/** A plugin link switched off for one subscription. */
export const switchedOffPluginLinks = new QueryBuilder()
  .select({
    subscriptionId: disabledPluginLinks.subscriptionId,
    pluginLinkId: disabledPluginLinks.pluginLinkId,
  })
  .from(disabledPluginLinks)
  .as('switched_off_plugin_links');
