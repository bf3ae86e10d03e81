import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import { clientSessions } from '@ember/db/schema/sessions';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import type { Db } from '@ember/db/types';
import { and, count, eq, gt, isNull, not, or, sql } from 'drizzle-orm';

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
 * subscriptions. Several subscriptions to the same plugin: the most generous wins (0 = unlimited).
 */
export function entitledPluginLimits(db: Db, userId: number, now: Date) {
  return db
    .select({
      pluginId: pluginLinks.pluginId,
      pluginName: plugins.name,
      max: sql<number>`case when bool_or(${pluginLinks.sessionLimit} = 0) then 0 else max(${pluginLinks.sessionLimit}) end`.mapWith(
        Number,
      ),
    })
    .from(subscriptions)
    .innerJoin(pluginLinks, eq(pluginLinks.priceId, subscriptions.priceId))
    .innerJoin(plugins, eq(plugins.id, pluginLinks.pluginId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        not(subscriptions.paused),
        or(isNull(subscriptions.expireDate), gt(subscriptions.expireDate, now)),
      ),
    )
    .groupBy(pluginLinks.pluginId, plugins.name);
}

export async function findVipUntil(db: Db, userId: number) {
  const [row] = await db.select({ vipUntil: users.vipUntil }).from(users).where(eq(users.id, userId));
  return row ? row.vipUntil : undefined;
}
