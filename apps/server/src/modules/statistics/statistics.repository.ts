import { plans, prices } from '@ember/db/schema/catalog';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { ledgerEntries } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';

// The developer's numbers, each one aggregate query the database answers from an index:
// subscriptions (price_id, purchase_date), ledger_entries' earnings index (user_id, created_at),
// and plans (owner_id) with subscriptions (plan_id). Months are calendar months in UTC.

/** `YYYY-MM` of a timestamptz, in UTC. */
const monthOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

export async function findPriceWithOwner(db: Db, priceId: number) {
  const [row] = await db
    .select({ id: prices.id, name: prices.name, ownerId: plans.ownerId })
    .from(prices)
    .innerJoin(plans, eq(plans.id, prices.planId))
    .where(eq(prices.id, priceId));
  return row ?? null;
}

/** Subscriptions of a price bought (or gifted) per month within [from, to). */
export function countPurchasesPerMonth(db: Db, priceId: number, from: Date, to: Date) {
  const month = monthOf(subscriptions.purchaseDate);
  return db
    .select({ month, purchases: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.priceId, priceId),
        gte(subscriptions.purchaseDate, from),
        lt(subscriptions.purchaseDate, to),
      ),
    )
    .groupBy(month);
}

/** What a developer earned per month since `from`: their earnings account's sale postings, refunds taken off. */
export function sumRevenuePerMonth(db: Db, developerId: number, from: Date) {
  const month = monthOf(ledgerEntries.createdAt);
  return db
    .select({ month, revenue: sql<number>`sum(${ledgerEntries.amount})::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, developerId),
        eq(ledgerEntries.account, 'EARNINGS'),
        inArray(ledgerEntries.type, ['DEVELOPER_EARNING', 'DEVELOPER_EARNING_REVERSAL']),
        gte(ledgerEntries.createdAt, from),
      ),
    )
    .groupBy(month);
}

/**
 * Distinct accounts per month (the `months` first days, UTC) holding a subscription to one of the
 * developer's plans that ran during it: started before the month ended, not expired before it began.
 */
export const activeSubscribersPerMonthQuery = (developerId: number, firstMonth: Date, months: number) => sql`
  select to_char(m.month_start, 'YYYY-MM') as month, count(distinct s.user_id)::int as active_subscribers
  from generate_series(
    ${firstMonth.toISOString()}::timestamptz at time zone 'UTC',
    (${firstMonth.toISOString()}::timestamptz at time zone 'UTC') + make_interval(months => ${months - 1}),
    interval '1 month'
  ) as m(month_start)
  join ${subscriptions} s
    on s.start_date < (m.month_start + interval '1 month') at time zone 'UTC'
    and (s.expire_date is null or s.expire_date >= m.month_start at time zone 'UTC')
  join ${plans} p on p.id = s.plan_id and p.owner_id = ${developerId}
  group by m.month_start`;

export async function countActiveSubscribersPerMonth(
  db: Db,
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
