import type { Db } from './db.ts';
import type { Notify } from './notify.ts';

/** A developer answered a review: its author is told once, with a link to the plan's page (issue 35). */
export function reviewAnsweredNotifications(db: Db, notify: Notify) {
  return {
    onReviewAnswered: (answered: {
      reviewId: number;
      authorUserId: number;
      planId: number;
      planName: string;
      developer: string;
    }) =>
      notify(db, {
        userId: answered.authorUserId,
        kind: 'REVIEW_ANSWERED',
        idempotencyKey: `review-answered:${answered.reviewId}`,
        params: { developer: answered.developer, planName: answered.planName },
        link: `/shop/${answered.planId}`,
      }),
  };
}
