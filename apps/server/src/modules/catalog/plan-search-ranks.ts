import type { PlanSortKey } from '@ember/contracts/catalog';
import { RATING_PRIOR } from '@ember/contracts/reviews';

// The search index's building blocks (plan-search-index.ts): the sorts, the orders and ranks, the name's n-grams.

export const SORT_KEYS: readonly PlanSortKey[] = ['name', 'id', 'createdAt', 'popular', 'price', 'rating'];

/** A plan's visible reviews and the sum of their stars. */
export interface PlanRating {
  count: number;
  sum: number;
}

/** A match set this small is kept whole and sorted; a larger one is walked in the sort's order. */
export const SPARSE_MATCHES = 2_000;
/** Filters whose count (and, when sparse, matches) are remembered per index generation. */
export const REMEMBERED_FILTERS = 2_000;
/** Slots indexed between two yields to the event loop while building. */
export const BUILD_CHUNK = 2_000;

/** Slots (places in id order) in the order of one sort, and each slot's place in that order. */
export interface Order {
  slots: Int32Array;
  positions: Int32Array;
}

export type Orders = Record<`${PlanSortKey},${'asc' | 'desc'}`, Order>;

/** Each slot's rating numbers; a filter by rating is remembered per generation of them. */
export interface Ratings {
  generation: number;
  counts: Int32Array;
  sums: Int32Array;
}

export interface Filtered {
  total: number;
  /** All matching slots when there are at most SPARSE_MATCHES of them. */
  matches: Int32Array | null;
}

/** Printable ASCII, the characters n-grams are kept for (a search for anything else goes to PostgreSQL). */
export const FIRST_CHARACTER = 0x20;
export const CHARACTERS = 0x7f - FIRST_CHARACTER;

/** The `length` characters at `at` as one small number, or -1 when one is not printable ASCII. */
export function gramAt(text: string, at: number, length: number): number {
  let key = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(at + i) - FIRST_CHARACTER;
    if (code < 0 || code >= CHARACTERS) return -1;
    key = key * CHARACTERS + code;
  }
  return key;
}

/** Lower-cases like PostgreSQL's lower() does for these characters: printable ASCII only. */
export const PLAIN_TEXT = /^[\x20-\x7e]*$/;

/** The slots ordered by `rankOf(slot)` (0 first), and each slot's place in that order. */
export function orderOf(count: number, rankOf: (slot: number) => number, order: 'asc' | 'desc'): Order {
  // Counting sort by rank; slots are in id order, so ties stay by id ascending in both orders.
  let top = 0;
  for (let slot = 0; slot < count; slot++) top = Math.max(top, rankOf(slot));
  const starts = new Int32Array(top + 2);
  for (let slot = 0; slot < count; slot++) {
    const rank = order === 'asc' ? rankOf(slot) : top - rankOf(slot);
    starts[rank + 1] = (starts[rank + 1] ?? 0) + 1;
  }
  for (let rank = 1; rank < starts.length; rank++)
    starts[rank] = (starts[rank] ?? 0) + (starts[rank - 1] ?? 0);
  const slots = new Int32Array(count);
  const positions = new Int32Array(count);
  for (let slot = 0; slot < count; slot++) {
    const rank = order === 'asc' ? rankOf(slot) : top - rankOf(slot);
    const position = starts[rank] ?? 0;
    starts[rank] = position + 1;
    slots[position] = slot;
    positions[slot] = position;
  }
  return { slots, positions };
}

/**
 * Dense ranks (0 first, ties share one) of each slot's number of active subscriptions, as
 * PostgreSQL's dense_rank() over the count ranks them.
 */
export function popularRanksOf(ids: Int32Array, activeByPlan: ReadonlyMap<number, number>): Int32Array {
  const counts = Int32Array.from(ids, (id) => activeByPlan.get(id) ?? 0);
  const distinct = Int32Array.from(new Set(counts)).sort();
  const rankOfCount = new Map<number, number>();
  for (const [rank, value] of distinct.entries()) rankOfCount.set(value, rank);
  return counts.map((count) => rankOfCount.get(count) ?? 0);
}

/**
 * Dense ranks (0 first) of each slot's Bayesian average (sum + 15) / (count + 5), decision 0051,
 * compared exactly by cross-multiplying the integers, as PostgreSQL orders its numeric quotient.
 */
export function ratingRanksOf(counts: Int32Array, sums: Int32Array): Int32Array {
  const { count: prior, mean } = RATING_PRIOR;
  const keys = new Map<string, [number, number]>();
  for (let slot = 0; slot < counts.length; slot++) {
    const numerator = (sums[slot] as number) + prior * mean;
    const denominator = (counts[slot] as number) + prior;
    keys.set(`${numerator}/${denominator}`, [numerator, denominator]);
  }
  const distinct = [...keys.values()].sort(([an, ad], [bn, bd]) => an * bd - bn * ad);
  const rankOfKey = new Map<string, number>();
  let rank = -1;
  let previous: [number, number] | null = null;
  for (const fraction of distinct) {
    if (!previous || previous[0] * fraction[1] !== fraction[0] * previous[1]) rank++;
    rankOfKey.set(`${fraction[0]}/${fraction[1]}`, rank);
    previous = fraction;
  }
  return Int32Array.from(
    counts,
    (count, slot) => rankOfKey.get(`${(sums[slot] as number) + prior * mean}/${count + prior}`) ?? 0,
  );
}

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
