import {
  DEVELOPER_SUGGESTIONS_LIMIT,
  PLAN_SUGGESTIONS_LIMIT,
  type Suggestions,
  wordStartsOf,
} from '@ember/contracts/shop-suggestions';
import { plans } from '@ember/db/schema/catalog';
import { eq, sql } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';
import type { Db } from './db.ts';

interface Named {
  id: number;
  name: string;
}

/**
 * A prefix index: every word start of every name (lower-cased), sorted by code unit, with the entry
 * it leads to. A lookup is a binary search for the first key at or after the typed text, then a
 * walk while the keys start with it: O(log n + k) whatever the number of plans.
 */
function prefixIndexOf(entries: readonly Named[]) {
  const keys: string[] = [];
  const owners: number[] = [];
  for (const [slot, entry] of entries.entries()) {
    for (const key of wordStartsOf(entry.name)) {
      keys.push(key);
      owners.push(slot);
    }
  }
  const order = Array.from(keys.keys()).sort((a, b) => {
    const left = keys[a] as string;
    const right = keys[b] as string;
    return left < right ? -1 : left > right ? 1 : a - b;
  });
  const sortedKeys = order.map((at) => keys[at] as string);
  const sortedSlots = Int32Array.from(order, (at) => owners[at] as number);

  return function lookup(typed: string, limit: number): Named[] {
    let low = 0;
    let high = sortedKeys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sortedKeys[middle] as string) < typed) low = middle + 1;
      else high = middle;
    }
    const found = new Set<number>();
    for (let at = low; at < sortedKeys.length && found.size < limit; at++) {
      if (!(sortedKeys[at] as string).startsWith(typed)) break;
      found.add(sortedSlots[at] as number);
    }
    return [...found].map((slot) => entries[slot] as Named);
  };
}

/** The names of the plans on sale and of their developers, read in one statement. */
async function loadNames(db: Db, ownerName: (owner: { id: number; displayName: string }) => string) {
  const rows = await db
    .select({
      id: plans.id,
      name: plans.name,
      ownerId: plans.ownerId,
      ownerDisplayName: userProfiles.displayName,
    })
    .from(plans)
    .innerJoin(userProfiles, eq(userProfiles.id, plans.ownerId))
    .where(sql`${plans.onSale}`)
    .orderBy(plans.id);
  const developers = new Map<number, Named>();
  for (const row of rows) {
    if (!developers.has(row.ownerId))
      developers.set(row.ownerId, {
        id: row.ownerId,
        name: ownerName({ id: row.ownerId, displayName: row.ownerDisplayName }),
      });
  }
  return {
    plans: prefixIndexOf(rows.map(({ id, name }) => ({ id, name }))),
    developers: prefixIndexOf([...developers.values()]),
  };
}

type Index = Awaited<ReturnType<typeof loadNames>>;

/**
 * Suggestions as one types in the shop (issue 35, decision 0063): names of plans on sale and of their
 * developers whose words start with the typed text, from prefix indexes in memory. Built on the first
 * request and again after a catalog change in any process (the 'catalog' name, decision 0033); the
 * previous index answers while the next one is built, so a suggestion may lag a change by one build.
 * While this process cannot hear invalidations (`usable` false) no index is kept and nothing is
 * suggested: suggestions are a help, the search itself is exact.
 */
export function createPlanSuggestions({
  db,
  ownerName,
  usable = () => true,
}: {
  db: Db;
  ownerName: (owner: { id: number; displayName: string }) => string;
  usable?: () => boolean;
}) {
  let current: Index | null = null;
  let loading: Promise<Index> | null = null;
  let stale = true;

  function rebuild(): Promise<Index> {
    if (loading) return loading;
    stale = false;
    loading = loadNames(db, ownerName)
      .then((index) => {
        current = index;
        return index;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    async suggest(typed: string): Promise<Suggestions> {
      if (!usable()) {
        current = null;
        stale = true;
        return { plans: [], developers: [] };
      }
      if (stale) void rebuild().catch(() => {});
      const index = current ?? (await (loading ?? rebuild()));
      const text = typed.trim().toLowerCase();
      return {
        plans: index.plans(text, PLAN_SUGGESTIONS_LIMIT),
        developers: index.developers(text, DEVELOPER_SUGGESTIONS_LIMIT),
      };
    },
    /** A catalog change: the next request starts a new build. */
    invalidate(): void {
      stale = true;
    },
  };
}

export type PlanSuggestions = ReturnType<typeof createPlanSuggestions>;
