import { PAUSE_DAYS } from '@ember/contracts/constants';
import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { and, eq, sql } from 'drizzle-orm';
import { pluginGrants } from '../delivery/index.ts';
import type { HandedDb } from './db.ts';

/**
 * When the user's paused subscriptions granting this plugin resume (the latest of them), or null
 * when none grants it: why a game client is refused a plugin the user holds (issue 34, item 4).
 */
export async function findPausedUntil(
  db: HandedDb,
  userId: number,
  pluginId: number,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({
      until: sql<
        string | null
      >`max(${subscriptions.pauseDate} + make_interval(days => coalesce(${subscriptions.pauseDays}, ${PAUSE_DAYS})))`,
    })
    .from(subscriptions)
    .innerJoin(pluginGrants, eq(pluginGrants.priceId, subscriptions.priceId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(pluginGrants.pluginId, pluginId),
        // Paused and still active by the one rule (today every paused one is: its time resumes).
        subscriptions.paused,
        isActiveSubscription(now),
      ),
    );
  return row?.until ? new Date(row.until) : null;
}
