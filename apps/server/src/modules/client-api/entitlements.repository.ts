import { OWNER_ACCOUNT_ID } from '@ember/contracts/constants';
import { plans } from '@ember/db/schema/catalog';
import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import { disabledPluginLinks, subscriptions } from '@ember/db/schema/subscriptions';
import type { Db } from '@ember/db/types';
import { and, asc, eq, gt, isNull, not, notExists, or, sql } from 'drizzle-orm';

// The one definition of "entitled now" (the manifest, downloads, client sessions and the account's
// session table all read it). Reads subscriptions, disabled_plugin_links, plugin_links, plugins and plans.

export interface EntitledPlugin {
  pluginId: number;
  name: string;
  version: string;
  /** The artifact to run; null until a repository update stored one (the manifest leaves such plugins out). */
  sha256: string | null;
  size: number | null;
  /** The most generous session limit among the links granting it; 0 = unlimited. */
  sessionLimit: number;
  /** Granted through a plan of the product's own account (the account's session table lists those first). */
  ownPlan: boolean;
}

/**
 * The plugins the user may run at `now`, by id: linked to the price of a subscription that has not
 * expired (a refund ends it) and is not paused, unless the subscriber switched that link off. One
 * query.
 */
export function entitledPlugins(db: Db, userId: number, now: Date): Promise<EntitledPlugin[]> {
  return db
    .select({
      pluginId: plugins.id,
      name: plugins.name,
      version: plugins.version,
      sha256: plugins.artifactSha256,
      size: plugins.artifactSize,
      sessionLimit:
        sql<number>`case when bool_or(${pluginLinks.sessionLimit} = 0) then 0 else max(${pluginLinks.sessionLimit}) end`.mapWith(
          Number,
        ),
      ownPlan: sql<boolean>`bool_or(${plans.ownerId} = ${OWNER_ACCOUNT_ID})`.mapWith(Boolean),
    })
    .from(subscriptions)
    .innerJoin(pluginLinks, eq(pluginLinks.priceId, subscriptions.priceId))
    .innerJoin(plugins, eq(plugins.id, pluginLinks.pluginId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        not(subscriptions.paused),
        or(isNull(subscriptions.expireDate), gt(subscriptions.expireDate, now)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(disabledPluginLinks)
            .where(
              and(
                eq(disabledPluginLinks.subscriptionId, subscriptions.id),
                eq(disabledPluginLinks.pluginLinkId, pluginLinks.id),
              ),
            ),
        ),
      ),
    )
    .groupBy(plugins.id)
    .orderBy(asc(plugins.id));
}

export type RunnablePlugin = EntitledPlugin & { sha256: string; size: number };

/** Entitled and with an artifact: what the manifest lists and downloads serve. */
export const isRunnable = (plugin: EntitledPlugin): plugin is RunnablePlugin =>
  plugin.sha256 !== null && plugin.size !== null;
