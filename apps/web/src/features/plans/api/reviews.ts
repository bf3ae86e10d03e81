import {
  type AnswerReviewBody,
  type HideReviewBody,
  myReviewResponse,
  REVIEW_ANSWERED_MESSAGE,
  REVIEW_HIDDEN_MESSAGE,
  REVIEW_SAVED_MESSAGE,
  REVIEWS_PAGE_SIZE,
  reviewPageResponse,
  reviewResponse,
  type WriteReviewBody,
} from '@ember/contracts/reviews';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys/plans.ts';
import { reviewKeys } from '../../../lib/query-keys/reviews.ts';

/** GET shop /plans/:id/reviews?page&size (public): newest first, with the plan's average and count. */
export function usePlanReviews(planId: number, page: number) {
  return useQuery({
    queryKey: reviewKeys.page(planId, page),
    queryFn: () =>
      apiFetch('shop', `/plans/${planId}/reviews`, reviewPageResponse, {
        query: { page, size: REVIEWS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET shop /plans/:id/reviews/mine: the caller's review and whether they may write one (and why not). */
export function useMyReview(planId: number, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine(planId),
    queryFn: () => apiFetch('shop', `/plans/${planId}/reviews/mine`, myReviewResponse),
    enabled,
  });
}

/** After any review change: the plan's reviews, the caller's review and the plan's numbers. */
const STALE_AFTER_REVIEW = [reviewKeys.all, planKeys.all];

/** POST shop /plans/:id/reviews, or PATCH shop /reviews/:id when the caller already wrote one. */
export function useSaveReview(planId: number, reviewId: number | null) {
  return useActionMutation({
    mutationFn: (body: WriteReviewBody) =>
      reviewId === null
        ? apiFetch('shop', `/plans/${planId}/reviews`, reviewResponse, { method: 'POST', body })
        : apiFetch('shop', `/reviews/${reviewId}`, reviewResponse, { method: 'PATCH', body }),
    success: REVIEW_SAVED_MESSAGE,
    refresh: STALE_AFTER_REVIEW,
  });
}

/** POST shop /reviews/:id/{action} with the action's body. */
function useReviewAction<Body>(reviewId: number, action: 'answer' | 'hide', success: string) {
  return useActionMutation({
    mutationFn: (body: Body) =>
      apiFetch('shop', `/reviews/${reviewId}/${action}`, reviewResponse, { method: 'POST', body }),
    success,
    refresh: STALE_AFTER_REVIEW,
  });
}

/** POST shop /reviews/:id/answer: the plan's developer answers once. */
export const useAnswerReview = (reviewId: number) =>
  useReviewAction<AnswerReviewBody>(reviewId, 'answer', REVIEW_ANSWERED_MESSAGE);

/** POST shop /reviews/:id/hide: staff hide a review with a reason. */
export const useHideReview = (reviewId: number) =>
  useReviewAction<HideReviewBody>(reviewId, 'hide', REVIEW_HIDDEN_MESSAGE);
