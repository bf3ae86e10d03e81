import { SUBSCRIBER_CSV_COLUMNS } from '@ember/contracts/developer-statistics';
import type { SubscriptionResponse } from '@ember/contracts/subscriptions';
import { stringify } from 'csv-stringify/sync';

/** More subscribers than any price has had; past it the export would be a job, not a request. */
export const SUBSCRIBER_EXPORT_LIMIT = 50_000;

/**
 * A price's subscribers as CSV (RFC 4180 quoting by csv-stringify). Cells a spreadsheet would run
 * as a formula (starting with =, +, -, @, tab or carriage return) are prefixed with a quote, so a
 * username cannot become a formula in the developer's spreadsheet.
 */
export function subscribersCsv(subscriptions: readonly SubscriptionResponse[]): string {
  return stringify(
    subscriptions.map((subscription) => [
      subscription.id,
      subscription.user.discordId,
      subscription.user.username,
      subscription.purchaseDate,
      subscription.startDate,
      subscription.expireDate ?? '',
      subscription.purchasePrice,
      subscription.refunded,
      subscription.discountCode ?? '',
      subscription.status,
      subscription.giftedBy?.username ?? '',
    ]),
    {
      header: true,
      columns: [...SUBSCRIBER_CSV_COLUMNS],
      escape_formulas: true,
      record_delimiter: 'windows',
    },
  );
}
