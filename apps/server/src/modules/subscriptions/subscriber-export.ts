import { SUBSCRIBER_CSV_COLUMNS } from '@ember/contracts/developer-statistics';
import type { SubscriptionResponse } from '@ember/contracts/subscriptions';
import { csvText } from '../../lib/csv.ts';

/** More subscribers than any price has had; past it the export would be a job, not a request. */
export const SUBSCRIBER_EXPORT_LIMIT = 50_000;

/**
 * A price's subscribers as CSV, through the project's one CSV writer (lib/csv.ts: RFC 4180 quoting,
 * formula cells neutralised).
 */
export function subscribersCsv(subscriptions: readonly SubscriptionResponse[]): string {
  return csvText(
    SUBSCRIBER_CSV_COLUMNS,
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
  );
}
