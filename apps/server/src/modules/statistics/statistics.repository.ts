import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { planOwners } from '../catalog/index.ts';
import { subscriptionTerms } from '../subscriptions/index.ts';
import { ledgerPostings } from '../wallet/index.ts';
import type { HandedDb } from './db.ts';

// The developer's numbers, each one aggregate query the database answers from an index:
// subscriptions (price_id, purchase_date), ledger_entries' earnings index (user_id, created_at),
// and plans (owner_id) with subscriptions (plan_id). Months are calendar months in UTC. The tables
// are read through the projections their modules export, which PostgreSQL flattens.

/** `YYYY-MM` of a timestamptz, in UTC. */
const monthOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** Subscriptions of a price bought (or gifted) per month within [from, to). */
export function countPurchasesPerMonth(db: HandedDb, priceId: number, from: Date, to: Date) {
  const month = monthOf(subscriptionTerms.purchaseDate);
  return db
    .select({ month, purchases: sql<number>`count(*)::int` })
    .from(subscriptionTerms)
    .where(
      and(
        eq(subscriptionTerms.priceId, priceId),
        gte(subscriptionTerms.purchaseDate, from),
        lt(subscriptionTerms.purchaseDate, to),
      ),
    )
    .groupBy(month);
}

/** What a developer earned per month since `from`: their earnings account's sale postings, refunds taken off. */
export function sumRevenuePerMonth(db: HandedDb, developerId: number, from: Date) {
  const month = monthOf(ledgerPostings.createdAt);
  return db
    .select({ month, revenue: sql<number>`sum(${ledgerPostings.amount})::bigint`.mapWith(Number) })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.userId, developerId),
        eq(ledgerPostings.account, 'EARNINGS'),
        inArray(ledgerPostings.type, ['DEVELOPER_EARNING', 'DEVELOPER_EARNING_REVERSAL']),
        gte(ledgerPostings.createdAt, from),
      ),
    )
    .groupBy(month);
}

/**
 * Distinct accounts per month (the `months` first days, UTC) holding a subscription to one of the
 * developer's plans that ran during it: started before the month ended, not expired before it began.
 */
export const activeSubscribersPerMonthQuery = (developerId: number, firstMonth: Date, months: number) => sql`
  select to_char(m.month_start, 'YYYY-MM') as month, count(distinct ${subscriptionTerms.userId})::int as active_subscribers
  from generate_series(
    ${firstMonth.toISOString()}::timestamptz at time zone 'UTC',
    (${firstMonth.toISOString()}::timestamptz at time zone 'UTC') + make_interval(months => ${months - 1}),
    interval '1 month'
  ) as m(month_start)
  join ${subscriptionTerms}
    on ${subscriptionTerms.startDate} < (m.month_start + interval '1 month') at time zone 'UTC'
    and (${subscriptionTerms.expireDate} is null or ${subscriptionTerms.expireDate} >= m.month_start at time zone 'UTC')
  join ${planOwners} on ${planOwners.id} = ${subscriptionTerms.planId} and ${planOwners.ownerId} = ${developerId}
  group by m.month_start`;

export async function countActiveSubscribersPerMonth(
  db: HandedDb,
  developerId: number,
  firstMonth: Date,
  months: number,
) {
  const result = (await db.execute(
    activeSubscribersPerMonthQuery(developerId, firstMonth, months),
  )) as unknown as {
    rows: { month: string; active_subscribers: number }[];
  };
  return result.rows.map((row) => ({ month: row.month, activeSubscribers: Number(row.active_subscribers) }));
}
