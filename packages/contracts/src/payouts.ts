import { wholeAmountText } from './amounts.ts';
import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { INT4_MAX, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam, sortParam } from './paging.ts';
import { z } from './zod.ts';

// Contracts of developer earnings and payouts (spec §7 Payouts, §3 Payout, §5 payout message,
// DESIGN §4 Developer earnings). Amounts are whole credits of the developer's earnings account.

/** Spec §5. */
export const WITHDRAW_AMOUNT_INVALID_MESSAGE = 'Withdraw amount is not a valid number';
/** Spec §8 success toasts: a developer's request, and an owner's confirmation. */
export const PAYOUT_REQUEST_CREATED_MESSAGE = 'Payout request created';
export const PAYOUT_REQUEST_PROCESSED_MESSAGE = 'Payout request processed';
/** Why a developer without the premium role sees no payout form. */
export const PAYOUTS_PREMIUM_ONLY_MESSAGE =
  'Payouts are available to premium developers. Contact the store owner to become one.';

/** Why a pending payout has no receipt yet (GET /payouts/{id}/receipt answers 409 with it). */
export const PAYOUT_RECEIPT_PENDING_MESSAGE = 'A payout has a receipt once it is paid and confirmed.';

export const withdrawMoreThanAvailableMessage = (available: number) =>
  `You can withdraw at most ${available} credits: that is what your earnings hold now.`;

export const PAYOUT_STATUSES = ['Pending', 'Completed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Spec §3 Payout. */
export const payoutResponse = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  developer: z.object({
    id: z.number().int(),
    discordId: z.string(),
    username: z.string(),
    displayName: z.string(),
  }),
  amount: z.number().int(),
  /** When it was requested. */
  date: z.iso.datetime(),
  completed: z.boolean(),
  completedDate: z.iso.datetime().nullable(),
  status: z.enum(PAYOUT_STATUSES),
  description: z.string(),
  /** The owner's transfer reference: a link or a number; null while pending. */
  reference: z.string().nullable(),
});
export type PayoutResponse = z.infer<typeof payoutResponse>;
export const payoutPageResponse = pageOf(payoutResponse);
export type PayoutPage = z.infer<typeof payoutPageResponse>;

export const payoutIdParams = z.object({ id: idParam('payout') });

/** POST /payouts/request?amount */
export const requestPayoutQuery = z.object({
  amount: wholeAmountText(WITHDRAW_AMOUNT_INVALID_MESSAGE, INT4_MAX),
});
export type RequestPayoutQuery = z.input<typeof requestPayoutQuery>;

export const PAYOUT_SORT_KEYS = ['date', 'id', 'amount'] as const;
export type PayoutSortKey = (typeof PAYOUT_SORT_KEYS)[number];

/** GET /payouts (the caller's own) and GET /payouts/all (owner): newest request first. */
export const payoutsQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  sort: sortParam(PAYOUT_SORT_KEYS, { key: 'date', order: 'desc' }),
  /** Only the Pending (or Completed) payouts; every payout without it. */
  status: z
    .enum(PAYOUT_STATUSES, { error: `The status must be ${PAYOUT_STATUSES.join(' or ')}.` })
    .optional(),
});

/** POST /payouts/{id} {reference}: the owner confirms a pending payout as paid. */
export const confirmPayoutBody = z.object(
  {
    reference: z
      .string({ error: 'Enter the transfer reference (a link or a number).' })
      .trim()
      .min(1, 'Enter the transfer reference (a link or a number).')
      .max(500, 'The reference can be at most 500 characters.'),
  },
  { error: 'The request body must be a JSON object.' },
);
export type ConfirmPayoutBody = z.input<typeof confirmPayoutBody>;

/** GET /payouts/earnings: the developer dashboard's earnings card, read from the books. */
export const earningsResponse = z.object({
  /** What the earnings account holds now: what a payout may withdraw. */
  available: z.number().int(),
  /** Reserved by pending payouts (requested, not yet paid). */
  reserved: z.number().int(),
  /** Paid out by completed payouts, all time. */
  paidOut: z.number().int(),
  /** Earned from sales since the first of this month (UTC), refunds taken off. */
  earnedThisMonth: z.number().int(),
  /** Whether the caller may request payouts (premium developers). */
  canRequestPayouts: z.boolean(),
});
export type EarningsResponse = z.infer<typeof earningsResponse>;
