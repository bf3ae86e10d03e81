import type { DeveloperMonthly, PricePurchases } from '@ember/contracts/developer-statistics';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { findPriceOwnership } from '../catalog/index.ts';
import type { Db } from './db.ts';
import {
  countActiveSubscribersPerMonth,
  countPurchasesPerMonth,
  sumRevenuePerMonth,
} from './statistics.repository.ts';

const MONTHS_SHOWN = 12;

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** The first day (UTC) of `count` consecutive months starting with `first`. */
function monthsFrom(first: Date, count: number): Date[] {
  return Array.from(
    { length: count },
    (_, index) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + index, 1)),
  );
}

/** Every month of the range with its value, 0 where the query found nothing. */
function fill<T extends { month: string }, K extends keyof T>(months: Date[], rows: T[], key: K) {
  const byMonth = new Map(rows.map((row) => [row.month, Number(row[key])]));
  return months.map((month) => byMonth.get(monthKey(month)) ?? 0);
}

/** Spec §2 Statistics (price page) and, beyond the spec, the developer dashboard's monthly charts. */
export function createStatisticsService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async pricePurchases(principal: Principal, priceId: number, year?: number): Promise<PricePurchases> {
      const price = await findPriceOwnership(db, priceId);
      if (!price) throw new NotFound(`No price with id ${priceId}.`);
      authorize(principal, 'price:read-stats', { ownerId: price.ownerId });
      const shownYear = year ?? clock().getUTCFullYear();
      const months = monthsFrom(new Date(Date.UTC(shownYear, 0, 1)), 12);
      const rows = await countPurchasesPerMonth(
        db,
        priceId,
        months[0] as Date,
        new Date(Date.UTC(shownYear + 1, 0, 1)),
      );
      const counts = fill(months, rows, 'purchases');
      return {
        priceId,
        priceName: price.priceName,
        year: shownYear,
        months: months.map((month, index) => ({ month: monthKey(month), purchases: counts[index] ?? 0 })),
      };
    },

    /** The last twelve months, this one included, across every plan the caller owns. */
    async developerMonthly(principal: Principal): Promise<DeveloperMonthly> {
      authorize(principal, 'developer-stats:read', { userId: principal.userId });
      const now = clock();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS_SHOWN - 1), 1));
      const months = monthsFrom(first, MONTHS_SHOWN);
      const [revenueRows, subscriberRows] = await Promise.all([
        sumRevenuePerMonth(db, principal.userId, first),
        countActiveSubscribersPerMonth(db, principal.userId, first, MONTHS_SHOWN),
      ]);
      const revenue = fill(months, revenueRows, 'revenue');
      const subscribers = fill(months, subscriberRows, 'activeSubscribers');
      return {
        months: months.map((month, index) => ({
          month: monthKey(month),
          revenue: revenue[index] ?? 0,
          activeSubscribers: subscribers[index] ?? 0,
        })),
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
