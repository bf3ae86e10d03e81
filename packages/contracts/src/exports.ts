// Contracts of the owner's CSV exports and the payout receipt PDF (spec §7 Payouts and exports,
// §9 Default export filename, Payout receipt filename). The exports are GET commerce
// /balance-exporter/export and /payouts/batch (paths written in the route and the web's fetcher).

/**
 * How a CSV's date column says what its cells are: ISO 8601 instants in UTC
 * ("2026-11-25T21:15:00.000Z"), which spreadsheets and scripts read in any language, unlike the
 * pages' words (decision 0039). Every date column's header ends with it.
 */
export const CSV_DATE_UNIT = '(ISO 8601 UTC)';

/**
 * Spec §9 Default export filename of GET commerce /balance-exporter/export (every account's
 * balances; the owner).
 */
export const BALANCES_EXPORT_FILENAME = 'export.csv';
/** The balances CSV's columns, in order: one row per user, oldest id first. */
export const BALANCES_CSV_COLUMNS = [
  'userId',
  'discordId',
  'username',
  'displayName',
  'credits',
  'earnings',
  'enabled',
] as const;

/** The file name of GET commerce /payouts/batch (the pending payouts, oldest first; the owner). */
export const PAYOUTS_BATCH_FILENAME = 'pending-payouts.csv';
/**
 * The pending payouts CSV's columns, in order. The amount comes in both units, each named in its
 * header: whole credits, and the euros they are paid in (a plain decimal, '12.34').
 */
export const PAYOUTS_BATCH_CSV_COLUMNS = [
  'payoutId',
  'userId',
  'discordId',
  'username',
  'amountCredits',
  'amountEur',
  `requestDate ${CSV_DATE_UNIT}`,
  'description',
] as const;

/** GET commerce /payouts/{id}/receipt: the payout's receipt as a PDF (its developer or the owner). */
export const payoutReceiptPath = (id: number) => `/payouts/${id}/receipt`;
/** Spec §9 Payout receipt filename. */
export const payoutReceiptFilename = (id: number) => `payout-receipt-${id}.pdf`;

/** Shown on a receipt whose payout is still pending (spec §5 'Not completed'). */
export const PAYOUT_NOT_COMPLETED_LABEL = 'Not completed';

/** GET /orders/{id}/receipt (issue 35): a completed order's receipt, for its buyer and payments staff. */
export const orderReceiptPath = (id: number) => `/orders/${id}/receipt`;
export const orderReceiptFilename = (id: number) => `order-receipt-${id}.pdf`;
/** An order that was never completed has no receipt: nothing was sold. */
export const ORDER_RECEIPT_NOT_COMPLETED_MESSAGE =
  'This order has no receipt: receipts are made for completed orders only.';
