import { wholeAmountText } from './amounts.ts';
import { PAUSE_DAYS } from './constants.ts';
import { periodSchema } from './enum-schemas.ts';
import { INT4_MAX, idField, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam, sortParam } from './paging.ts';
import { z } from './zod.ts';

// Contracts of subscriptions (spec §7 Subscriptions, §3 Subscription, §4 display status and
// actions, §5 messages). The web and the server share the status and action rules below.

/** Spec §5 messages. */
export const GIFT_RECEIVER_INVALID_MESSAGE = 'Please enter a valid discord id';
export const ADD_HOURS_INVALID_MESSAGE = 'Hours to add must be greater than 0';
export const PAUSE_TOO_LONG_MESSAGE = `You can only pause for up to ${PAUSE_DAYS} days`;
export const DISCOUNT_CODE_UNKNOWN_MESSAGE = 'This discount code does not exist.';
export const NO_FREE_SLOTS_MESSAGE = 'This price has no free slots.';

/** Spec §8 success toasts (shown by the web; the server answers with the subscription). */
export const SUBSCRIPTION_DELETED_MESSAGE = 'Subscription deleted successfully!';
export const SUBSCRIPTION_REFUNDED_MESSAGE = 'Subscription refunded successfully!';
export const SUBSCRIPTION_PAUSED_MESSAGE = 'Subscription paused successfully!';
export const SUBSCRIPTION_UNPAUSED_MESSAGE = 'Subscription unpaused successfully!';
export const SUBSCRIPTION_EXTENDED_MESSAGE = 'Successfully extended subscription';
export const HOURS_ADDED_MESSAGE = 'Hours added successfully';
export const purchasedMessage = (planName: string) => `Successfully purchased ${planName}`;
/** The spec's gift toast, naming who received the gift (issue 34, item 8: one message, with the receiver). */
export const giftedMessage = (planName: string, receiver: string) =>
  `Successfully gifted ${planName} to ${receiver}`;

/** At most ten years at once, so a typo cannot push an expiry past what a timestamp holds. */
export const MAX_HOURS_TO_ADD = 87_600;

/** A code as buyers type it: case and surrounding blanks do not matter; blank means none. */
const optionalDiscountCode = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined))
  .pipe(
    z
      .string()
      .regex(/^[A-Z0-9_-]{3,32}$/, DISCOUNT_CODE_UNKNOWN_MESSAGE)
      .optional(),
  );

/** POST /subscriptions?priceId&discountCode: buy a price for yourself. */
export const purchaseQuery = z.object({
  priceId: idParam('price'),
  discountCode: optionalDiscountCode,
});

/** POST /subscriptions/gift?discordId&priceId&discountCode: buy a price for someone else. */
export const giftQuery = purchaseQuery.extend({
  discordId: z
    .string({ error: GIFT_RECEIVER_INVALID_MESSAGE })
    .trim()
    .min(1, GIFT_RECEIVER_INVALID_MESSAGE)
    .regex(/^[0-9]{17,20}$/, GIFT_RECEIVER_INVALID_MESSAGE),
});

export const subscriptionIdParams = z.object({ id: idParam('subscription') });
export const subscriptionsOfUserParams = z.object({ userId: idParam('user') });
export const subscriptionsOfPriceParams = z.object({ priceId: idParam('price') });
export const subscriptionsOfPlanParams = z.object({ planId: idParam('plan') });

const PAUSE_DAYS_INVALID_MESSAGE = `Pause for a whole number of days, from 1 to ${PAUSE_DAYS}.`;

/** PUT /subscriptions/{id}/pause?days: days default to (and may not exceed) the spec's 14. */
export const pauseQuery = z.object({
  days: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : Number(value)))
    .pipe(
      z
        .number({ error: PAUSE_DAYS_INVALID_MESSAGE })
        .int(PAUSE_DAYS_INVALID_MESSAGE)
        .min(1, PAUSE_DAYS_INVALID_MESSAGE)
        .max(PAUSE_DAYS, PAUSE_TOO_LONG_MESSAGE)
        .optional(),
    )
    .transform((days) => days ?? PAUSE_DAYS),
});

const hoursParam = wholeAmountText(
  ADD_HOURS_INVALID_MESSAGE,
  MAX_HOURS_TO_ADD,
  `You can add at most ${MAX_HOURS_TO_ADD} hours (ten years) at once.`,
);

/** PUT /subscriptions/{id}/add-hours?hours */
export const addHoursQuery = z.object({ hours: hoursParam });
export type AddHoursQuery = z.input<typeof addHoursQuery>;

/** PUT /subscriptions/add-hours?priceId&hours: every active subscription of the price. */
export const addHoursToPriceQuery = z.object({ priceId: idParam('price'), hours: hoursParam });

/** Spec §5: the price page's Time Management with 'all active' off and nobody ticked. */
export const NO_SUBSCRIBERS_SELECTED_MESSAGE = 'No subscribers selected';

/** PUT /subscriptions/add-hours/selected?priceId&hours {subscriptionIds}: the ticked subscribers of a price. */
export const addHoursToSelectedQuery = addHoursToPriceQuery;
export const addHoursToSelectedBody = z.object(
  {
    subscriptionIds: z
      .array(idField('subscription'), { error: NO_SUBSCRIBERS_SELECTED_MESSAGE })
      .min(1, NO_SUBSCRIBERS_SELECTED_MESSAGE)
      .max(1000, 'Add hours to at most 1000 selected subscribers at once; use all active for more.')
      .transform((ids) => [...new Set(ids)]),
  },
  { error: 'The request body must be a JSON object.' },
);

export const addHoursToPriceResponse = z.object({
  message: z.string(),
  /** How many subscriptions got the hours. */
  updated: z.number().int(),
});

const REFUND_AMOUNT_INVALID_MESSAGE = 'The refund amount must be a whole number of credits greater than 0.';

/** POST /subscriptions/refund: amount defaults to the purchase price (spec §9). */
export const refundBody = z.object(
  {
    id: idField('subscription'),
    amount: z
      .number({ error: REFUND_AMOUNT_INVALID_MESSAGE })
      .int(REFUND_AMOUNT_INVALID_MESSAGE)
      .min(1, REFUND_AMOUNT_INVALID_MESSAGE)
      .max(INT4_MAX, REFUND_AMOUNT_INVALID_MESSAGE)
      .nullish()
      .transform((value) => value ?? undefined),
  },
  { error: 'The request body must be a JSON object.' },
);
export type RefundBody = z.input<typeof refundBody>;

export const SUBSCRIPTION_SORT_KEYS = ['purchaseDate', 'user.discordId', 'user.username'] as const;
export type SubscriptionSortKey = (typeof SUBSCRIPTION_SORT_KEYS)[number];

/**
 * The largest table page the web offers (spec: 5, 10, 25, 50, 100). Statistics come from their own
 * aggregate endpoints, never from reading every subscription (issue 11).
 */
export const SUBSCRIPTION_MAX_PAGE_SIZE = 100;

/** GET /subscriptions/by-plan/{planId}: default sort purchaseDate descending. */
export const subscriptionsOfPlanQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(10, SUBSCRIPTION_MAX_PAGE_SIZE),
  sort: sortParam(SUBSCRIPTION_SORT_KEYS, { key: 'purchaseDate', order: 'desc' }),
});

/**
 * GET /subscriptions/by-price/{priceId}: paged like a plan's (spec §2 Price dashboard); `search` is one
 * free text box matching part of the subscriber's username or display name, or their exact Discord id.
 */
export const subscriptionsOfPriceQuery = subscriptionsOfPlanQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, 'The search can be at most 100 characters.')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

export const SUBSCRIPTION_STATUSES = ['Active', 'Paused', 'Expired', 'Refunded'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const accountRef = z.object({ id: z.number().int(), discordId: z.string(), username: z.string() });

/** Spec §3 Subscription. Dates are ISO strings; credits are whole numbers. */
export const subscriptionResponse = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  priceId: z.number().int(),
  priceName: z.string(),
  purchaseDate: z.iso.datetime(),
  startDate: z.iso.datetime(),
  /** Null for lifetime subscriptions. */
  expireDate: z.iso.datetime().nullable(),
  /** Credits paid at purchase, after promo and discount code. */
  purchasePrice: z.number().int(),
  /** Credits refunded so far (all refunds of this subscription). */
  refunded: z.number().int(),
  discountCode: z.string().nullable(),
  paused: z.boolean(),
  pauseDate: z.iso.datetime().nullable(),
  /** Days the (single) pause was requested for. */
  pauseDuration: z.number().int().nullable(),
  /** The one pause has been used (spec §9: once only; unpausing does not give it back). */
  pauseUsed: z.boolean(),
  /** Computed when answering: not paused and the expire date has passed. */
  expired: z.boolean(),
  extended: z.boolean(),
  extensionPrice: z.number().int().nullable(),
  extensionAllowed: z.boolean(),
  subscriptionPeriod: periodSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  user: accountRef,
  giftedBy: accountRef.nullable(),
  plan: z.object({ id: z.number().int(), name: z.string(), ownerId: z.number().int() }),
  price: z.object({
    id: z.number().int(),
    name: z.string(),
    period: periodSchema,
    price: z.number().int(),
    extensionPrice: z.number().int().nullable(),
    extensionAllowed: z.boolean(),
  }),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;
export const subscriptionsResponse = z.array(subscriptionResponse);
export const subscriptionPageResponse = pageOf(subscriptionResponse);
export type SubscriptionPage = z.infer<typeof subscriptionPageResponse>;

// ---------------------------------------------------------------------------------------------
// Spec §4 status and actions, shared by the server (which enforces them) and the web (which offers them).

/** The fields the rules read; dates may be Date objects (server) or ISO strings (web). */
export interface SubscriptionState {
  paused: boolean;
  pauseUsed: boolean;
  extended: boolean;
  expireDate: Date | string | null;
  extensionAllowed: boolean;
}

const toTime = (date: Date | string) => (typeof date === 'string' ? Date.parse(date) : date.getTime());

/** A paused subscription never counts as expired: its remaining time resumes on unpause. */
export function isSubscriptionExpired(
  sub: Pick<SubscriptionState, 'paused' | 'expireDate'>,
  now: Date,
): boolean {
  return !sub.paused && sub.expireDate !== null && toTime(sub.expireDate) <= now.getTime();
}

/**
 * Spec §4: Paused if paused, else Expired if expired, else Active. A refund ends the subscription
 * and gives credits back, so a refunded one says Refunded rather than Expired.
 */
export function subscriptionStatus(
  sub: Pick<SubscriptionState, 'paused' | 'expireDate'> & { refunded: number },
  now: Date,
): SubscriptionStatus {
  if (sub.refunded > 0) return 'Refunded';
  if (sub.paused) return 'Paused';
  return isSubscriptionExpired(sub, now) ? 'Expired' : 'Active';
}

export interface SubscriptionActions {
  extend: boolean;
  pause: boolean;
  unpause: boolean;
}

/**
 * Which of Extend, Pause and Unpause to offer (spec §4), narrowed to what the server accepts:
 * extending needs an extendable, running, time-limited subscription that was not extended yet;
 * the one pause is for running, time-limited subscriptions; unpausing needs a paused one.
 */
export function subscriptionActions(sub: SubscriptionState, now: Date): SubscriptionActions {
  const expired = isSubscriptionExpired(sub, now);
  const timeLimited = sub.expireDate !== null;
  return {
    extend: !sub.paused && !sub.extended && !expired && timeLimited && sub.extensionAllowed,
    pause: !sub.paused && !sub.pauseUsed && !expired && timeLimited,
    unpause: sub.paused && !expired,
  };
}

const DAY_MS = 86_400_000;

/** A pause's dates: from when, until when (it ends by itself then), and the subscription's end after it. */
export interface PauseSpan {
  from: Date;
  until: Date;
  /** The expire date once the pause is over: moved by the time paused (null: lifetime). */
  endsAt: Date | null;
}

/**
 * The dates of a pause of `days` from `from` (spec §4; the server's resume moves the expire date by
 * the time actually paused, so a pause that runs its course moves it by exactly `days`).
 */
export function pauseSpan(from: Date, days: number, expireDate: Date | string | null): PauseSpan {
  const shift = days * DAY_MS;
  return {
    from,
    until: new Date(from.getTime() + shift),
    endsAt: expireDate === null ? null : new Date(toTime(expireDate) + shift),
  };
}

/** The span of a subscription's pause under way, or null when it is not paused. */
export function currentPause(
  sub: Pick<SubscriptionResponse, 'paused' | 'pauseDate' | 'pauseDuration' | 'expireDate'>,
): PauseSpan | null {
  if (!sub.paused || sub.pauseDate === null) return null;
  return pauseSpan(new Date(sub.pauseDate), sub.pauseDuration ?? PAUSE_DAYS, sub.expireDate);
}

/** Credits charged for a price: the promo, then the discount code, each rounded down; never below 0. */
export function chargeFor(
  price: { price: number; promoDiscountPercent: number },
  discountCodePercent = 0,
): number {
  const afterPromo = Math.floor((price.price * (100 - price.promoDiscountPercent)) / 100);
  return Math.max(0, Math.floor((afterPromo * (100 - discountCodePercent)) / 100));
}

/** GET /subscriptions/discount-check: a buyer previews a code before confirming a purchase. */
export const discountCheckQuery = purchaseQuery.required({ discountCode: true });
export const discountCheckResponse = z.object({
  discountCode: z.string(),
  discountPercent: z.number().int().min(1).max(100),
});
export type DiscountCheck = z.infer<typeof discountCheckResponse>;
