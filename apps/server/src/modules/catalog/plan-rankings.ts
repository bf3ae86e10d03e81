import type { PlanSortKey } from '@ember/contracts/catalog';
import type { Sort } from '@ember/contracts/paging';
import type { Db } from '@ember/db/types';
import { rankListedPlans } from './plan-search.repository.ts';

type Rankings = Awaited<ReturnType<typeof rankListedPlans>>;

/** The sorts read from a ranking: the web's default (most popular first) and cheapest first. */
const RANKED: Partial<Record<PlanSortKey, 'asc' | 'desc'>> = { popular: 'desc', price: 'asc' };

/**
 * Every listed plan's place in the popular and price orders, computed by two aggregates and kept
 * for `maxAgeMs` (decision 0020): a page of the whole catalog in these orders is then a slice of
 * ids, instead of a count per plan at every request. Refreshed in the background when old or after
 * a catalog change (`invalidate`), so no request waits except the very first. A max age of 0
 * turns the rankings off (every sort is computed by its statement).
 */
export function createPlanRankings({ db, clock, maxAgeMs }: { db: Db; clock: () => Date; maxAgeMs: number }) {
  let current: { computedAt: number; rankings: Rankings } | null = null;
  let loading: Promise<Rankings> | null = null;
  let stale = false;

  function refresh(): Promise<Rankings> {
    loading ??= rankListedPlans(db, clock())
      .then((rankings) => {
        current = { computedAt: Date.now(), rankings };
        stale = false;
        return rankings;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    /** The ranked ids for this sort, or null when the sort is not ranked. */
    async idsFor(sort: Sort<PlanSortKey>): Promise<number[] | null> {
      if (maxAgeMs <= 0 || RANKED[sort.key] !== sort.order) return null;
      if (!current) return (await refresh())[sort.key as keyof Rankings];
      if (stale || Date.now() - current.computedAt > maxAgeMs) refresh().catch(() => {});
      return current.rankings[sort.key as keyof Rankings];
    },
    invalidate(): void {
      stale = true;
    },
  };
}

export type PlanRankings = ReturnType<typeof createPlanRankings>;
