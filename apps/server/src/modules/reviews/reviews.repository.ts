import { planReviews } from '@ember/db/schema/reviews';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

/** A review with its author's display name, as every read answers it. */
const reviewColumns = {
  id: planReviews.id,
  planId: planReviews.planId,
  userId: planReviews.userId,
  authorName: userProfiles.displayName,
  rating: planReviews.rating,
  body: planReviews.body,
  ranSeconds: planReviews.ranSeconds,
  priceName: planReviews.priceName,
  pricePaid: planReviews.pricePaid,
  createdAt: planReviews.createdAt,
  updatedAt: planReviews.updatedAt,
  answer: planReviews.answer,
  answeredAt: planReviews.answeredAt,
  hiddenReason: planReviews.hiddenReason,
};

export type ReviewRow = Awaited<ReturnType<typeof findReviewById>> & {};

export function findReviewById(db: HandedDb, id: number) {
  return firstRowOrNull(
    db
      .select(reviewColumns)
      .from(planReviews)
      .innerJoin(userProfiles, eq(userProfiles.id, planReviews.userId))
      .where(eq(planReviews.id, id)),
  );
}

export function findReviewOf(db: HandedDb, planId: number, userId: number) {
  return firstRowOrNull(
    db
      .select(reviewColumns)
      .from(planReviews)
      .innerJoin(userProfiles, eq(userProfiles.id, planReviews.userId))
      .where(and(eq(planReviews.planId, planId), eq(planReviews.userId, userId))),
  );
}

/**
 * One page of a plan's visible reviews, newest first. The page's ids come from one range of
 * plan_reviews_visible_plan_id_created_at_id_idx first, and only those rows are joined with their
 * authors: joined before the limit, PostgreSQL hashed the whole users table for every page (57 ms
 * for the first page of a plan with 1,000 reviews at 50,000 users; 0.6 ms this way, decision 0062).
 */
export function findVisibleReviewsPage(db: HandedDb, planId: number, limit: number, offset: number) {
  const page = db
    .select({ id: planReviews.id })
    .from(planReviews)
    .where(and(eq(planReviews.planId, planId), isNull(planReviews.hiddenAt)))
    .orderBy(desc(planReviews.createdAt), desc(planReviews.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(reviewColumns)
    .from(page)
    .innerJoin(planReviews, eq(planReviews.id, page.id))
    .innerJoin(userProfiles, eq(userProfiles.id, planReviews.userId))
    .orderBy(desc(planReviews.createdAt), desc(planReviews.id));
}

export interface ReviewWrite {
  rating: number;
  body: string;
  ranSeconds: number;
  priceName: string;
  pricePaid: number;
}

/** Inserts the review; null when the player already has one for the plan (the unique key decides, also under a race). */
export async function insertReview(db: HandedDb, planId: number, userId: number, write: ReviewWrite) {
  const [row] = await db
    .insert(planReviews)
    .values({ planId, userId, ...write })
    .onConflictDoNothing({ target: [planReviews.planId, planReviews.userId] })
    .returning({ id: planReviews.id });
  return row?.id ?? null;
}

export async function updateReview(db: HandedDb, id: number, write: ReviewWrite, now: Date): Promise<void> {
  await db
    .update(planReviews)
    .set({ ...write, updatedAt: now })
    .where(eq(planReviews.id, id));
}

/** Sets the answer unless there is one: false when it was already answered. */
export async function answerReviewOnce(
  db: HandedDb,
  id: number,
  answer: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(planReviews)
    .set({ answer, answeredAt: now })
    .where(and(eq(planReviews.id, id), isNull(planReviews.answer)))
    .returning({ id: planReviews.id });
  return rows.length > 0;
}

export async function hideReview(db: HandedDb, id: number, reason: string, byUserId: number, now: Date) {
  const [before] = await db
    .select({ hiddenReason: planReviews.hiddenReason })
    .from(planReviews)
    .where(eq(planReviews.id, id))
    .for('update');
  await db
    .update(planReviews)
    .set({
      hiddenReason: reason,
      hiddenAt: sql`coalesce(${planReviews.hiddenAt}, ${now.toISOString()}::timestamptz)`,
      hiddenById: byUserId,
    })
    .where(eq(planReviews.id, id));
  return before ?? null;
}
