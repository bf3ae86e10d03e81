import { OWNER_ACCOUNT_ID } from '@ember/contracts/constants';
import { plans } from '@ember/db/schema/catalog';
import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import { clientSessions } from '@ember/db/schema/sessions';
import { disabledPluginLinks, subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import type { Db } from '@ember/db/types';
import { and, count, eq, gt, isNull, not, notExists, or, sql } from 'drizzle-orm';

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<number> {
  const deleted = await db
    .delete(clientSessions)
    .where(eq(clientSessions.userId, userId))
    .returning({ id: clientSessions.id });
  return deleted.length;
}

/** Sessions with a heartbeat after `since`, counted per plugin. */
export function countLiveSessionsOfUser(db: Db, userId: number, since: Date) {
  return db
    .select({ pluginId: clientSessions.pluginId, pluginName: clientSessions.pluginName, active: count() })
    .from(clientSessions)
    .where(and(eq(clientSessions.userId, userId), gt(clientSessions.lastUpdate, since)))
    .groupBy(clientSessions.pluginId, clientSessions.pluginName);
}

/**
 * The session limit per plugin the user is entitled to through running (not paused, not expired)
 * subscriptions, leaving out the plugins the user switched off on that subscription. Several
 * subscriptions to the same plugin: the most generous wins (0 = unlimited). `ownPlan`: one of them
 * is a plan of the product's own account (spec §4: those come first).
 */
export function entitledPluginLimits(db: Db, userId: number, now: Date) {
  return db
    .select({
      pluginId: pluginLinks.pluginId,
      pluginName: plugins.name,
      max: sql<number>`case when bool_or(${pluginLinks.sessionLimit} = 0) then 0 else max(${pluginLinks.sessionLimit}) end`.mapWith(
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
    .groupBy(pluginLinks.pluginId, plugins.name);
}

export async function findVipUntil(db: Db, userId: number) {
  const [row] = await db.select({ vipUntil: users.vipUntil }).from(users).where(eq(users.id, userId));
  return row ? row.vipUntil : undefined;
}
