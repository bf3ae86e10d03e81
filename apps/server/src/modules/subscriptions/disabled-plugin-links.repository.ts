import { plans } from '@ember/db/schema/catalog';
import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import { disabledPluginLinks, subscriptions } from '@ember/db/schema/subscriptions';
import type { Db } from '@ember/db/types';
import { and, asc, eq } from 'drizzle-orm';

/** Whose a subscription is (its holder, its plan's developer) and which price's plugins it grants. */
export async function findSubscriptionOwners(db: Db, subscriptionId: number) {
  const [row] = await db
    .select({ userId: subscriptions.userId, priceId: subscriptions.priceId, planOwnerId: plans.ownerId })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  return row;
}

export async function findPluginLinkPrice(db: Db, pluginLinkId: number) {
  const [row] = await db
    .select({ priceId: pluginLinks.priceId })
    .from(pluginLinks)
    .where(eq(pluginLinks.id, pluginLinkId));
  return row;
}

export function findDisabledLinks(db: Db, subscriptionId: number, pluginLinkId?: number) {
  return db
    .select({
      subscriptionId: disabledPluginLinks.subscriptionId,
      pluginLinkId: disabledPluginLinks.pluginLinkId,
      pluginId: pluginLinks.pluginId,
      pluginName: plugins.name,
      createdAt: disabledPluginLinks.createdAt,
    })
    .from(disabledPluginLinks)
    .innerJoin(pluginLinks, eq(pluginLinks.id, disabledPluginLinks.pluginLinkId))
    .innerJoin(plugins, eq(plugins.id, pluginLinks.pluginId))
    .where(
      and(
        eq(disabledPluginLinks.subscriptionId, subscriptionId),
        pluginLinkId === undefined ? undefined : eq(disabledPluginLinks.pluginLinkId, pluginLinkId),
      ),
    )
    .orderBy(asc(plugins.name), asc(disabledPluginLinks.pluginLinkId));
}

/** True when the plugin was on and is now switched off; false when it was off already. */
export async function insertDisabledLink(db: Db, subscriptionId: number, pluginLinkId: number) {
  const inserted = await db
    .insert(disabledPluginLinks)
    .values({ subscriptionId, pluginLinkId })
    .onConflictDoNothing()
    .returning({ pluginLinkId: disabledPluginLinks.pluginLinkId });
  return inserted.length > 0;
}

/** True when the plugin was off and is now switched on again. */
export async function deleteDisabledLink(db: Db, subscriptionId: number, pluginLinkId: number) {
  const deleted = await db
    .delete(disabledPluginLinks)
    .where(
      and(
        eq(disabledPluginLinks.subscriptionId, subscriptionId),
        eq(disabledPluginLinks.pluginLinkId, pluginLinkId),
      ),
    )
    .returning({ pluginLinkId: disabledPluginLinks.pluginLinkId });
  return deleted.length > 0;
}
