import { CSV_DATE_UNIT } from './exports.ts';
import { idParam } from './ids.ts';
import { z } from './zod.ts';

// Contracts of the developer's numbers: a price's purchases per month (the price page's Statistics
// modal, spec §2) and, beyond the spec, revenue and active subscribers per month across all of a
// developer's plans. Each is counted by the database in one aggregate query, never by the browser.

/** `YYYY-MM` (UTC); the web labels it month-year. */
const monthKey = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/);

export const pricePurchasesParams = z.object({ priceId: idParam('price') });

const YEAR_MESSAGE = 'The year must be a whole number from 2000 to 2100.';

/** GET /statistics/prices/{priceId}/purchases?year: defaults to this year (UTC). */
export const pricePurchasesQuery = z.object({
  year: z.coerce
    .number({ error: YEAR_MESSAGE })
    .int(YEAR_MESSAGE)
    .min(2000, YEAR_MESSAGE)
    .max(2100, YEAR_MESSAGE)
    .optional(),
});

/** Twelve months, January to December, each with the subscriptions of the price bought in it (gifts included). */
export const pricePurchasesResponse = z.object({
  priceId: z.number().int(),
  priceName: z.string(),
  year: z.number().int(),
  months: z.array(z.object({ month: monthKey, purchases: z.number().int() })),
});
export type PricePurchases = z.infer<typeof pricePurchasesResponse>;

/**
 * GET /statistics/developer/monthly: the last twelve months (UTC), oldest first, ending with this
 * month, across every plan the caller owns.
 * - revenue: what the developer earned (their earnings account's sale postings, refunds taken off);
 * - activeSubscribers: distinct accounts holding a subscription to one of their plans that ran at
 *   some time in the month (started before its end, not expired before its start).
 */
export const developerMonthlyResponse = z.object({
  months: z.array(
    z.object({ month: monthKey, revenue: z.number().int(), activeSubscribers: z.number().int() }),
  ),
});
export type DeveloperMonthly = z.infer<typeof developerMonthlyResponse>;

/** GET /subscriptions/by-price/{priceId}/export: the CSV's columns, in order. */
export const SUBSCRIBER_CSV_COLUMNS = [
  'subscriptionId',
  'discordId',
  'username',
  `purchaseDate ${CSV_DATE_UNIT}`,
  `startDate ${CSV_DATE_UNIT}`,
  `expireDate ${CSV_DATE_UNIT}`,
  'purchasePrice',
  'refunded',
  'discountCode',
  'status',
  'giftedBy',
] as const;

export const subscriberCsvFilename = (priceId: number) => `price-${priceId}-subscribers.csv`;
