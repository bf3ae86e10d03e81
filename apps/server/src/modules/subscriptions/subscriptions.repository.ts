import type { SubscriptionMoney } from '@ember/db/books/refund-allocation';
import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { planTerms, priceTerms } from '../catalog/index.ts';
import { findPostingTotalsOf, hasJournalsOf } from '../wallet/index.ts';
import type { HandedDb } from './db.ts';

/** A subscription with what managing it needs from its price and plan, row-locked until commit. */
export function lockSubscription(tx: HandedDb, id: number) {
  return firstRowOrNull(
    tx
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        planId: subscriptions.planId,
        priceId: subscriptions.priceId,
        expireDate: subscriptions.expireDate,
        purchasePrice: subscriptions.purchasePrice,
        paused: subscriptions.paused,
        pauseDate: subscriptions.pauseDate,
        pauseUsed: subscriptions.pauseUsed,
        extended: subscriptions.extended,
        planName: planTerms.name,
        planOwnerId: planTerms.ownerId,
        planEnabled: planTerms.enabled,
        priceName: priceTerms.name,
        priceEnabled: priceTerms.enabled,
        period: priceTerms.period,
        price: priceTerms.price,
        vipOnly: priceTerms.vipOnly,
        extensionAllowed: priceTerms.extensionAllowed,
        extensionPrice: priceTerms.extensionPrice,
      })
      .from(subscriptions)
      .innerJoin(priceTerms, eq(priceTerms.id, subscriptions.priceId))
      .innerJoin(planTerms, eq(planTerms.id, subscriptions.planId))
      .where(eq(subscriptions.id, id))
      .for('update', { of: subscriptions }),
  );
}

export type LockedSubscription = NonNullable<Awaited<ReturnType<typeof lockSubscription>>>;

export async function markExtended(tx: HandedDb, id: number, expireDate: Date) {
  await tx.update(subscriptions).set({ expireDate, extended: true }).where(eq(subscriptions.id, id));
}

export async function markPaused(tx: HandedDb, id: number, now: Date, days: number) {
  await tx
    .update(subscriptions)
    .set({ paused: true, pauseDate: now, pauseDays: days, pauseUsed: true })
    .where(eq(subscriptions.id, id));
}

/** Paused subscriptions whose pause days are over at `now`. */
const pauseIsOver = (now: Date) =>
  sql`${subscriptions.pauseDate} + make_interval(days => coalesce(${subscriptions.pauseDays}, 14)) <= ${now.toISOString()}::timestamptz`;

/**
 * Ends the pause of the matching paused subscriptions, moving their expire date by the time they
 * were actually paused, so the time left when they were paused is the time left now. The one
 * statement both the manual unpause (`{ id }`) and the automatic sweep (`'pause-over'`: those whose
 * pause days are over at `now`) run; `paused` in the condition makes it safe to run twice.
 */
export function resumePaused(db: HandedDb, now: Date, which: { id: number } | 'pause-over') {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const chosen = which === 'pause-over' ? pauseIsOver(now) : eq(subscriptions.id, which.id);
  return db
    .update(subscriptions)
    .set({
      paused: false,
      expireDate: sql`${subscriptions.expireDate} + (${nowParam} - ${subscriptions.pauseDate})`,
    })
    .where(and(eq(subscriptions.paused, true), chosen))
    .returning({ id: subscriptions.id });
}

/** Ends a subscription now (a pause ends with it). */
export async function expireNow(tx: HandedDb, id: number, now: Date) {
  await tx.update(subscriptions).set({ expireDate: now, paused: false }).where(eq(subscriptions.id, id));
}

export async function addHoursToSubscription(tx: HandedDb, id: number, hours: number) {
  await tx
    .update(subscriptions)
    .set({ expireDate: sql`${subscriptions.expireDate} + make_interval(hours => ${hours}::int)` })
    .where(eq(subscriptions.id, id));
}

/**
 * Adds hours to every active, time-limited subscription of a price in one statement, or only to
 * those of them among `onlyIds` (the price page's selected subscribers); returns how many.
 */
export async function addHoursToActiveSubscriptionsOfPrice(
  db: HandedDb,
  priceId: number,
  hours: number,
  now: Date,
  onlyIds?: readonly number[],
) {
  const rows = await db
    .update(subscriptions)
    .set({ expireDate: sql`${subscriptions.expireDate} + make_interval(hours => ${hours}::int)` })
    .where(
      and(
        eq(subscriptions.priceId, priceId),
        isNotNull(subscriptions.expireDate),
        isActiveSubscription(now),
        onlyIds ? inArray(subscriptions.id, [...onlyIds]) : undefined,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

/** Adds hours to every active, time-limited subscription of a user in one statement; returns their ids. */
export async function addHoursToActiveSubscriptionsOfUser(
  db: HandedDb,
  userId: number,
  hours: number,
  now: Date,
) {
  const rows = await db
    .update(subscriptions)
    .set({ expireDate: sql`${subscriptions.expireDate} + make_interval(hours => ${hours}::int)` })
    .where(
      and(eq(subscriptions.userId, userId), isNotNull(subscriptions.expireDate), isActiveSubscription(now)),
    )
    .returning({ id: subscriptions.id });
  return rows.map((row) => row.id);
}

export async function deleteSubscription(tx: HandedDb, id: number) {
  await tx.delete(subscriptions).where(eq(subscriptions.id, id));
}

/** The subscription's money as its journals record it, per account holder. */
export async function findSubscriptionMoney(db: HandedDb, id: number): Promise<SubscriptionMoney> {
  const rows = await findPostingTotalsOf(db, { kind: 'SUBSCRIPTION', id });

  const payments = new Map<number, { userId: number; paid: number; lastEntryId: number }>();
  const refunds = new Map<number, number>();
  const earnings = new Map<number, { userId: number; earned: number; reversed: number }>();
  for (const row of rows) {
    if (row.userId === null) continue;
    if (row.type === 'PURCHASE' || row.type === 'GIFT' || row.type === 'EXTENSION') {
      const payment = payments.get(row.userId) ?? { userId: row.userId, paid: 0, lastEntryId: 0 };
      payment.paid += -row.total;
      payment.lastEntryId = Math.max(payment.lastEntryId, row.lastEntryId);
      payments.set(row.userId, payment);
    } else if (row.type === 'REFUND') {
      refunds.set(row.userId, (refunds.get(row.userId) ?? 0) + row.total);
    } else if (row.type === 'DEVELOPER_EARNING' || row.type === 'DEVELOPER_EARNING_REVERSAL') {
      const earning = earnings.get(row.userId) ?? { userId: row.userId, earned: 0, reversed: 0 };
      if (row.type === 'DEVELOPER_EARNING') earning.earned += row.total;
      else earning.reversed += -row.total;
      earnings.set(row.userId, earning);
    }
  }
  return {
    payments: [...payments.values()],
    refunds: [...refunds.entries()].map(([userId, refunded]) => ({ userId, refunded })),
    earnings: [...earnings.values()],
  };
}

/** True when any money moved for the subscription. */
export function hasJournals(db: HandedDb, id: number): Promise<boolean> {
  return hasJournalsOf(db, { kind: 'SUBSCRIPTION', id });
}
