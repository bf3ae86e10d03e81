import { totalPagesOf } from '@ember/contracts/paging';
import {
  type AnswerReviewBody,
  type HideReviewBody,
  type MyReviewResponse,
  REVIEW_ALREADY_ANSWERED_MESSAGE,
  REVIEW_ALREADY_WRITTEN_MESSAGE,
  REVIEW_NOT_FOUND_MESSAGE,
  type ReviewPage,
  type ReviewResponse,
  ratingAverageOf,
  type WriteReviewBody,
  writeReviewBody,
} from '@ember/contracts/reviews';
import type { KeyedCache } from '../../lib/cache/keyed-cache.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, can } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db, HandedDb } from './db.ts';
import { checkEligibility, type ReviewFacts } from './review-eligibility.ts';
import {
  answerReviewOnce,
  findReviewById,
  findReviewOf,
  findVisibleReviewsPage,
  hideReview,
  insertReview,
  type ReviewRow,
  updateReview,
} from './reviews.repository.ts';

/** Told when a developer answers a review (the notifications of issue 35 item 5 plug in here at merge). */
export interface ReviewNotifications {
  onReviewAnswered(event: {
    reviewId: number;
    authorUserId: number;
    planId: number;
    planName: string;
    developer: string;
  }): Promise<void> | void;
}

export const NO_REVIEW_NOTIFICATIONS: ReviewNotifications = { onReviewAnswered: () => {} };

export interface ReviewsDeps {
  db: Db;
  clock: () => Date;
  facts: ReviewFacts;
  /** The plan's rating numbers (the catalog keeps them on the plan's row). */
  findPlanRating(
    db: HandedDb,
    planId: number,
  ): Promise<{ ownerId: number; ratingCount: number; ratingSum: number } | null>;
  notifications?: ReviewNotifications;
  /** Pages of reviews kept by plan, page and size (the 'reviews' name, decision 0062); none when absent. */
  pages?: Pick<KeyedCache<ReviewPage | null>, 'get'>;
  /** Drops the kept pages here and in every other process, after a review write committed. */
  invalidatePages?: () => Promise<void>;
  warn?: (message: string, details?: object) => void;
}

const uncached = { get: <V>(_key: string, load: () => Promise<V>) => load() };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toResponse(row: NonNullable<ReviewRow>, withHiddenReason: boolean): ReviewResponse {
  return {
    id: row.id,
    planId: row.planId,
    authorName: row.authorName,
    rating: row.rating,
    body: row.body,
    ranSeconds: row.ranSeconds,
    priceName: row.priceName,
    pricePaid: row.pricePaid,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    answer: row.answer,
    answeredAt: iso(row.answeredAt),
    hiddenReason: withHiddenReason ? row.hiddenReason : null,
  };
}

/** Ratings and reviews of plans from players who ran them (issue 35, decision 0051). */
export function createReviewsService({
  db,
  clock,
  facts,
  findPlanRating,
  notifications = NO_REVIEW_NOTIFICATIONS,
  pages = uncached,
  invalidatePages = async () => {},
  warn = () => {},
}: ReviewsDeps) {
  async function planOrNotFound(planId: number) {
    const plan = await facts.findPlan(db, planId);
    if (!plan) throw new NotFound('Plan not found.');
    return plan;
  }

  async function reviewOrNotFound(id: number) {
    const review = await findReviewById(db, id);
    if (!review) throw new NotFound(REVIEW_NOT_FOUND_MESSAGE);
    return review;
  }

  /** Null for an unknown plan (kept too: a scan of plan ids costs one statement per id, not two). */
  async function loadPage(planId: number, page: number, size: number): Promise<ReviewPage | null> {
    const plan = await findPlanRating(db, planId);
    if (!plan) return null;
    const offset = page * size;
    const rows = offset >= plan.ratingCount ? [] : await findVisibleReviewsPage(db, planId, size, offset);
    return {
      content: rows.map((row) => toResponse(row, false)),
      totalPages: totalPagesOf(plan.ratingCount, size),
      totalElements: plan.ratingCount,
      summary: { average: ratingAverageOf(plan.ratingCount, plan.ratingSum), count: plan.ratingCount },
    };
  }

  return {
    /** A page of the plan's visible reviews, newest first; the total is the plan's own count (no count(*)). */
    async page(planId: number, page: number, size: number): Promise<ReviewPage> {
      const found = await pages.get(`${planId}:${page}:${size}`, () => loadPage(planId, page, size));
      if (!found) throw new NotFound('Plan not found.');
      return found;
    },

    /** The caller's review of the plan (hidden ones too, with why), and whether they may write one. */
    async mine(principal: Principal, planId: number): Promise<MyReviewResponse> {
      authorize(principal, 'review:write');
      const plan = await planOrNotFound(planId);
      const review = await findReviewOf(db, planId, principal.userId);
      const roles = {
        isPlanOwner: plan.ownerId === principal.userId,
        canHide: can(principal, 'review:hide') !== null,
      };
      if (review)
        return {
          review: toResponse(review, true),
          canReview: false,
          refusal: null,
          ranSeconds: null,
          ...roles,
        };
      const eligibility = await checkEligibility(db, facts, plan, planId, principal.userId);
      return eligibility.ok
        ? { review: null, canReview: true, refusal: null, ranSeconds: eligibility.ranSeconds, ...roles }
        : { review: null, canReview: false, refusal: eligibility.message, ranSeconds: null, ...roles };
    },

    async write(principal: Principal, planId: number, input: WriteReviewBody): Promise<ReviewResponse> {
      authorize(principal, 'review:write');
      const { rating, body } = writeReviewBody.parse(input);
      const plan = await planOrNotFound(planId);
      if (await findReviewOf(db, planId, principal.userId))
        throw new Conflict(REVIEW_ALREADY_WRITTEN_MESSAGE);
      const eligibility = await checkEligibility(db, facts, plan, planId, principal.userId);
      if (!eligibility.ok) throw new Forbidden(eligibility.message);
      const { ranSeconds, priceName, pricePaid } = eligibility;
      const id = await insertReview(db, planId, principal.userId, {
        rating,
        body,
        ranSeconds,
        priceName,
        pricePaid,
      });
      if (id === null) throw new Conflict(REVIEW_ALREADY_WRITTEN_MESSAGE);
      await invalidatePages();
      return toResponse(await reviewOrNotFound(id), true);
    },

    /** The author edits their review; what verifies it is read again (they may have run it longer since). */
    async edit(principal: Principal, id: number, input: WriteReviewBody): Promise<ReviewResponse> {
      const { rating, body } = writeReviewBody.parse(input);
      const review = await reviewOrNotFound(id);
      authorize(principal, 'review:edit', { userId: review.userId });
      const plan = await planOrNotFound(review.planId);
      const eligibility = await checkEligibility(db, facts, plan, review.planId, principal.userId);
      const verified = eligibility.ok
        ? {
            ranSeconds: Math.max(review.ranSeconds, eligibility.ranSeconds),
            priceName: eligibility.priceName,
            pricePaid: eligibility.pricePaid,
          }
        : { ranSeconds: review.ranSeconds, priceName: review.priceName, pricePaid: review.pricePaid };
      await updateReview(db, id, { rating, body, ...verified }, clock());
      await invalidatePages();
      return toResponse(await reviewOrNotFound(id), true);
    },

    /** The plan's developer answers once; then the author is told (the notification port). */
    async answer(principal: Principal, id: number, input: AnswerReviewBody): Promise<ReviewResponse> {
      const review = await reviewOrNotFound(id);
      const plan = await planOrNotFound(review.planId);
      authorize(principal, 'review:answer', { ownerId: plan.ownerId });
      if (review.answer !== null) throw new Conflict(REVIEW_ALREADY_ANSWERED_MESSAGE);
      if (!(await answerReviewOnce(db, id, input.answer.trim(), clock()))) {
        throw new Conflict(REVIEW_ALREADY_ANSWERED_MESSAGE);
      }
      await invalidatePages();
      try {
        await notifications.onReviewAnswered({
          reviewId: id,
          authorUserId: review.userId,
          planId: review.planId,
          planName: plan.name,
          developer: plan.ownerDisplayName,
        });
      } catch (error) {
        // The answer is published whatever the notification does; its sender retries on its own.
        warn('review answered, notification not sent', { reviewId: id, err: error });
      }
      return toResponse(await reviewOrNotFound(id), false);
    },

    /** Staff hide a review with a reason, audited in the same transaction. */
    async hide(caller: Caller, id: number, input: HideReviewBody): Promise<ReviewResponse> {
      const role = authorize(caller, 'review:hide');
      const reason = input.reason.trim();
      await reviewOrNotFound(id);
      await db.transaction(async (tx) => {
        const before = await hideReview(tx, id, reason, caller.userId, clock());
        await recordAudit(tx, actorOf(caller, role), {
          action: 'review:hide',
          target: { kind: 'review', id },
          before: { hiddenReason: before?.hiddenReason ?? null },
          after: { hiddenReason: reason },
        });
      });
      await invalidatePages();
      return toResponse(await reviewOrNotFound(id), true);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
