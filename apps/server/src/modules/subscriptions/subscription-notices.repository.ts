import { subscriptions } from '@ember/db/schema/subscriptions';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { planTerms } from '../catalog/index.ts';
import type { HandedDb } from './db.ts';

const noticeColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  planId: subscriptions.planId,
  planName: planTerms.name,
  expireDate: subscriptions.expireDate,
  pauseDate: subscriptions.pauseDate,
};

/** What a notice about these subscriptions says: whose, which plan, which expiry or pause. */
export function findNoticeFacts(db: HandedDb, ids: number[]) {
  return db
    .select(noticeColumns)
    .from(subscriptions)
    .innerJoin(planTerms, eq(planTerms.id, subscriptions.planId))
    .where(inArray(subscriptions.id, ids));
}

/** Running (not paused) subscriptions whose expiry falls in (from, to] (index `subscriptions_expire_date_idx`). */
export function findExpiringWithin(db: HandedDb, from: Date, to: Date) {
  return db
    .select(noticeColumns)
    .from(subscriptions)
    .innerJoin(planTerms, eq(planTerms.id, subscriptions.planId))
    .where(
      and(
        gt(subscriptions.expireDate, from),
        lte(subscriptions.expireDate, to),
        eq(subscriptions.paused, false),
      ),
    );
}
