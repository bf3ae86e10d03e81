import { disabledPluginLinks, subscriptions } from '@ember/db/schema/subscriptions';
import { and, asc, eq } from 'drizzle-orm';
import { planOwners } from '../catalog/index.ts';
import { pluginArtifacts, pluginGrants } from '../delivery/index.ts';
import type { HandedDb } from './db.ts';

/** Whose a subscription is (its holder, its plan's developer) and which price's plugins it grants. */
export async function findSubscriptionOwners(db: HandedDb, subscriptionId: number) {
  const [row] = await db
    .select({ userId: subscriptions.userId, priceId: subscriptions.priceId, planOwnerId: planOwners.ownerId })
    .from(subscriptions)
    .innerJoin(planOwners, eq(planOwners.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  return row;
}

export async function findPluginLinkPrice(db: HandedDb, pluginLinkId: number) {
  const [row] = await db
    .select({ priceId: pluginGrants.priceId })
    .from(pluginGrants)
    .where(eq(pluginGrants.id, pluginLinkId));
  return row;
}

export function findDisabledLinks(db: HandedDb, subscriptionId: number, pluginLinkId?: number) {
  return db
    .select({
      subscriptionId: disabledPluginLinks.subscriptionId,
      pluginLinkId: disabledPluginLinks.pluginLinkId,
      pluginId: pluginGrants.pluginId,
      pluginName: pluginArtifacts.name,
      createdAt: disabledPluginLinks.createdAt,
    })
    .from(disabledPluginLinks)
    .innerJoin(pluginGrants, eq(pluginGrants.id, disabledPluginLinks.pluginLinkId))
    .innerJoin(pluginArtifacts, eq(pluginArtifacts.id, pluginGrants.pluginId))
    .where(
      and(
        eq(disabledPluginLinks.subscriptionId, subscriptionId),
        pluginLinkId === undefined ? undefined : eq(disabledPluginLinks.pluginLinkId, pluginLinkId),
      ),
    )
    .orderBy(asc(pluginArtifacts.name), asc(disabledPluginLinks.pluginLinkId));
}

/** True when the plugin was on and is now switched off; false when it was off already. */
export async function insertDisabledLink(db: HandedDb, subscriptionId: number, pluginLinkId: number) {
  const inserted = await db
    .insert(disabledPluginLinks)
    .values({ subscriptionId, pluginLinkId })
    .onConflictDoNothing()
    .returning({ pluginLinkId: disabledPluginLinks.pluginLinkId });
  return inserted.length > 0;
}

/** True when the plugin was off and is now switched on again. */
export async function deleteDisabledLink(db: HandedDb, subscriptionId: number, pluginLinkId: number) {
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
