import { idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { z } from './zod.ts';

// Ratings and reviews of plans from players who ran them (issue 35, decision 0051).

export const REVIEW_BODY_MAX_LENGTH = 2000;
export const REVIEW_ANSWER_MAX_LENGTH = 2000;
export const REVIEW_HIDE_REASON_MAX_LENGTH = 500;
export const REVIEWS_PAGE_SIZE = 10;

/** The refusals a player meets (issue 35: not a subscriber, never ran it, already reviewed, too long, a link). */
export const REVIEW_NOT_SUBSCRIBER_MESSAGE =
  'Only players who hold or have held a subscription to this plan can review it.';
export const REVIEW_NEVER_RAN_MESSAGE =
  'You can review this plan once you have run one of its plugins in the game client.';
export const REVIEW_ALREADY_WRITTEN_MESSAGE =
  'You have already reviewed this plan. Edit your review instead.';
export const REVIEW_TOO_LONG_MESSAGE = `A review can be at most ${REVIEW_BODY_MAX_LENGTH.toLocaleString('en')} characters.`;
export const REVIEW_LINK_MESSAGE = 'A review cannot contain links.';
export const REVIEW_RATING_MESSAGE = 'Choose a rating from 1 to 5 stars.';
export const REVIEW_ALREADY_ANSWERED_MESSAGE = 'This review already has your answer.';
export const REVIEW_ANSWER_EMPTY_MESSAGE = 'Write an answer.';
export const REVIEW_ANSWER_TOO_LONG_MESSAGE = `An answer can be at most ${REVIEW_ANSWER_MAX_LENGTH.toLocaleString('en')} characters.`;
export const REVIEW_HIDE_REASON_MESSAGE = 'Say why the review is hidden.';
export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found.';
export const REVIEW_SAVED_MESSAGE = 'Your review is saved.';
export const REVIEW_ANSWERED_MESSAGE = 'Your answer is published.';
export const REVIEW_HIDDEN_MESSAGE = 'The review is hidden.';

/**
 * Something that reads as a link: a scheme, `www.`, or a host with a common top-level domain. The
 * server and the form test the same pattern, so the form says it before sending.
 */
const LINK =
  /(https?:\/\/|ftp:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|gg|ru|xyz|me|co|info|biz|link|ly|app|dev)\b)/i;
export const containsLink = (text: string): boolean => LINK.test(text);

const reviewBody = z
  .string({ error: 'The review must be text.' })
  .trim()
  .max(REVIEW_BODY_MAX_LENGTH, REVIEW_TOO_LONG_MESSAGE)
  .refine((text) => !containsLink(text), REVIEW_LINK_MESSAGE);

/** POST /plans/:id/reviews and PATCH /reviews/:id: the stars and the text (which may be empty). */
export const writeReviewBody = z.object({
  rating: z.coerce
    .number({ error: REVIEW_RATING_MESSAGE })
    .int(REVIEW_RATING_MESSAGE)
    .min(1, REVIEW_RATING_MESSAGE)
    .max(5, REVIEW_RATING_MESSAGE),
  body: reviewBody.default(''),
});
export type WriteReviewBody = z.input<typeof writeReviewBody>;

export const answerReviewBody = z.object({
  answer: z
    .string({ error: REVIEW_ANSWER_EMPTY_MESSAGE })
    .trim()
    .min(1, REVIEW_ANSWER_EMPTY_MESSAGE)
    .max(REVIEW_ANSWER_MAX_LENGTH, REVIEW_ANSWER_TOO_LONG_MESSAGE)
    .refine((text) => !containsLink(text), 'An answer cannot contain links.'),
});
export type AnswerReviewBody = z.input<typeof answerReviewBody>;

export const hideReviewBody = z.object({
  reason: z
    .string({ error: REVIEW_HIDE_REASON_MESSAGE })
    .trim()
    .min(1, REVIEW_HIDE_REASON_MESSAGE)
    .max(
      REVIEW_HIDE_REASON_MAX_LENGTH,
      `A reason can be at most ${REVIEW_HIDE_REASON_MAX_LENGTH} characters.`,
    ),
});
export type HideReviewBody = z.input<typeof hideReviewBody>;

export const reviewIdParams = z.object({ id: idParam('review') });

export const reviewsQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(REVIEWS_PAGE_SIZE, 50),
});

export const reviewResponse = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** Seconds the author had run the plan's plugins when they last wrote it ("Verified: ran it for 14 hours"). */
  ranSeconds: z.number().int().nonnegative(),
  /** The price the author was on and the credits they paid. */
  priceName: z.string(),
  pricePaid: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Only on the author's own review: staff hid it, and why. */
  hiddenReason: z.string().nullable(),
});
export type ReviewResponse = z.infer<typeof reviewResponse>;

const ratingSummary = z.object({
  /** The plain average of the visible reviews' stars, one decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int().nonnegative(),
});

/** GET /plans/:id/reviews: a page of the visible reviews, newest first, and the plan's numbers. */
export const reviewPageResponse = pageOf(reviewResponse).extend({
  totalElements: z.number().int().nonnegative(),
  summary: ratingSummary,
});
export type ReviewPage = z.infer<typeof reviewPageResponse>;

/** GET /plans/:id/reviews/mine: the caller's review (hidden or not), whether they may write one, and why not. */
export const myReviewResponse = z.object({
  review: reviewResponse.nullable(),
  canReview: z.boolean(),
  /** Why they cannot (null when they can, or already did). */
  refusal: z.string().nullable(),
  /** What a new review would show as verified (seconds run), when they may write one. */
  ranSeconds: z.number().int().nonnegative().nullable(),
  /** Whether the caller owns the plan (they answer its reviews). */
  isPlanOwner: z.boolean(),
  /** Whether the caller may hide reviews (staff). */
  canHide: z.boolean(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponse>;

/** "14 hours", "3 days", "25 minutes": how long a reviewer ran the plan, as the badge says it. */
export function ranForLabel(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(seconds / 3600);
  const days = Math.floor(seconds / 86_400);
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (days >= 2) return plural(days, 'day');
  if (hours >= 1) return plural(hours, 'hour');
  return plural(Math.max(1, minutes), 'minute');
}

export const verifiedLabel = (seconds: number): string => `Verified: ran it for ${ranForLabel(seconds)}`;

/** The Bayesian average the shop sorts by (decision 0051): C reviews of PRIOR stars added to every plan. */
export const RATING_PRIOR = { count: 5, mean: 3 } as const;

/** The shop card's average: one decimal, null without reviews. */
export const ratingAverageOf = (count: number, sum: number): number | null =>
  count === 0 ? null : Math.round((sum / count) * 10) / 10;
