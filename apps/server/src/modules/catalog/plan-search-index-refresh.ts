import type { PlanPopularity } from './catalog-ports.ts';
import type { Db } from './db.ts';
import { buildSearchIndex, type SearchIndex } from './plan-search-index.ts';
import { loadListedPlanRatings } from './plans-on-sale.repository.ts';
import { loadSearchableListedPlans } from './searchable-plans.repository.ts';

/**
 * The search index of the listed plans, rebuilt in the background when older than `maxAgeMs`
 * (subscriptions expire: decision 0020's bound) and after a catalog change in any process
 * (`invalidate`, subscribed to the 'catalog' name, decision 0033); until that rebuild is done the
 * statements answer, so a write shows at once. While `usable()` is false (this process cannot hear
 * other processes' invalidations) the statements answer too. A max age of 0 turns it off: every
 * search is a statement.
 */
export function createPlanSearchIndex({
  db,
  clock,
  maxAgeMs,
  usable = () => true,
  popularity,
}: {
  db: Db;
  clock: () => Date;
  maxAgeMs: number;
  usable?: () => boolean;
  /** The subscriptions module's active subscription counts, which rank the popular order. */
  popularity: PlanPopularity;
}) {
  const loadCounts = async (now: Date) => {
    const [active, ratings] = await Promise.all([
      popularity.activeSubscriptionCounts(db, now),
      loadListedPlanRatings(db),
    ]);
    return { active, ratings };
  };
  let current: { builtAt: number; index: SearchIndex } | null = null;
  let loading: Promise<SearchIndex> | null = null;
  let changed = false;
  let generation = 0;

  /**
   * A whole new index after a catalog change (or the first one); when only time has passed, the
   * index keeps its names, owners, labels and other orders and only the popular order is ranked
   * again: one count of the active subscriptions and two counting sorts instead of reading and
   * indexing every plan (the whole rebuild took ~2 s of database and event-loop time at 100,000
   * plans, every CATALOG_RANKING_SECONDS, and showed in the long tail's p99).
   */
  function rebuild(): Promise<SearchIndex> {
    if (loading) return loading;
    const started = generation;
    const now = clock();
    const kept = !changed && current ? current.index : null;
    const next = kept
      ? loadCounts(now).then(({ active, ratings }) => kept.withCounts(active, ratings))
      : loadSearchableListedPlans(db, now, popularity.activeSubscriptionCountsSql).then(buildSearchIndex);
    loading = next
      .then((index) => {
        current = { builtAt: Date.now(), index };
        // A change during the load is not in this index: the next request starts another build.
        changed = generation !== started;
        return index;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    /**
     * The index to answer from; null when turned off, and also while the first index or one
     * after a change in this process is being built: the statements answer meanwhile (exact and
     * current), so no request waits for a build.
     */
    current(): SearchIndex | null {
      if (maxAgeMs <= 0 || !usable()) return null;
      if (!current || changed) {
        rebuild().catch(() => {});
        return null;
      }
      if (Date.now() - current.builtAt > maxAgeMs) rebuild().catch(() => {});
      return current.index;
    },
    invalidate(): void {
      generation++;
      changed = true;
    },
    /** Resolves once an index with every change so far is built (tests, warm-up). */
    async ready(): Promise<void> {
      if (maxAgeMs <= 0) return;
      while (!current || changed) await rebuild();
    },
  };
}

export type PlanSearchIndex = ReturnType<typeof createPlanSearchIndex>;
