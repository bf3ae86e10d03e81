import type { PlanSortKey } from '@ember/contracts/catalog';
import type { Sort } from '@ember/contracts/paging';
import type { PlanSearch } from './plan-search.repository.ts';
import {
  BUILD_CHUNK,
  CHARACTERS,
  type Filtered,
  gramAt,
  type Orders,
  orderOf,
  PLAIN_TEXT,
  type PlanRating,
  popularRanksOf,
  type Ratings,
  REMEMBERED_FILTERS,
  ratingRanksOf,
  SORT_KEYS,
  SPARSE_MATCHES,
  yieldToEventLoop,
} from './plan-search-ranks.ts';
import type { SearchablePlan } from './searchable-plans.repository.ts';

/**
 * The listed plans as the shop searches them (issue 21): ids, lower-cased names, owners and labels
 * in id order, each sort's order with its ties (ranks computed by PostgreSQL, so its collation and
 * arithmetic decide), and an index of every 1, 2 and 3-character sequence of the names. A search is
 * then answered here: a sparse filter from the smallest posting list (an n-gram of the name, the developers' plans, the labels'
 * plans), sorted by position; a dense one by walking the sort's order and testing each plan.
 * Only the page's cards are then read from the database.
 */
export async function buildSearchIndex(plans: SearchablePlan[]) {
  const ids = Int32Array.from(plans, (plan) => plan.id);
  const names = plans.map((plan) => plan.name);
  const owners = plans.map((plan) => plan.ownerDiscordId);
  const labels = plans.map((plan) => (plan.labelIds.length > 0 ? plan.labelIds : null));
  /** The lowest listed price after promo (the price filter); -1 when none. */
  const fromPrices = Int32Array.from(plans, (plan) => plan.fromPrice ?? -1);
  const builtRatings: Ratings = {
    generation: 0,
    counts: Int32Array.from(plans, (plan) => plan.ratingCount),
    sums: Int32Array.from(plans, (plan) => plan.ratingSum),
  };
  const builtRatingRanks = ratingRanksOf(builtRatings.counts, builtRatings.sums);
  const ranks: Record<PlanSortKey, (plan: SearchablePlan, slot: number) => number> = {
    name: (plan) => plan.nameRank,
    id: (plan) => plan.idRank,
    createdAt: (plan) => plan.createdRank,
    popular: (plan) => plan.popularRank,
    price: (plan) => plan.priceRank,
    rating: (_plan, slot) => builtRatingRanks[slot] as number,
  };
  const builtOrders = {} as Orders;
  for (const key of SORT_KEYS) {
    const rankOf = (slot: number) => ranks[key](plans[slot] as SearchablePlan, slot);
    builtOrders[`${key},asc`] = orderOf(plans.length, rankOf, 'asc');
    builtOrders[`${key},desc`] = orderOf(plans.length, rankOf, 'desc');
    await yieldToEventLoop();
  }

  const byOwner = new Map<string, number[]>();
  const byLabel = new Map<number, number[]>();
  /** Plans whose name holds each 1, 2 and 3-character sequence (by gramAt), ascending. */
  const byGram = [1, 2, 3].map((length) => new Array<number[] | undefined>(CHARACTERS ** length));
  /** Appends `slot` to the list of `key` (once: slots come in ascending order). */
  const post = <K>(lists: Map<K, number[]>, key: K, slot: number) => {
    const list = lists.get(key);
    if (!list) lists.set(key, [slot]);
    else if (list.at(-1) !== slot) list.push(slot);
  };
  for (let slot = 0; slot < plans.length; slot++) {
    post(byOwner, owners[slot] as string, slot);
    for (const label of labels[slot] ?? []) post(byLabel, label, slot);
    const name = names[slot] as string;
    for (const [gramLength, grams] of byGram.entries()) {
      for (let at = 0; at + gramLength + 1 <= name.length; at++) {
        const key = gramAt(name, at, gramLength + 1);
        if (key < 0) continue;
        const list = grams[key];
        if (!list) grams[key] = [slot];
        else if (list[list.length - 1] !== slot) list.push(slot);
      }
    }
    if (slot % BUILD_CHUNK === BUILD_CHUNK - 1) await yieldToEventLoop();
  }
  // Typed arrays from here on: millions of list entries the garbage collector no longer walks.
  const postings = byGram.map((grams) => new Array<Int32Array | undefined>(grams.length));
  for (const [gramLength, grams] of byGram.entries()) {
    let copied = 0;
    for (const [key, list] of grams.entries()) {
      if (!list) continue;
      (postings[gramLength] as (Int32Array | undefined)[])[key] = Int32Array.from(list);
      grams[key] = undefined;
      copied += list.length;
      if (copied > 100_000) {
        copied = 0;
        await yieldToEventLoop();
      }
    }
  }

  const remembered = new Map<string, Filtered>();
  const none = new Int32Array(0);

  /** Marks of the slots already visited by one union (a new mark per union, no clearing). */
  const visited = new Int32Array(ids.length);
  let mark = 0;

  /** The slots in any of `lists`, each once (a plan may carry several of the labels). */
  function unionOf(lists: number[][]): Source {
    return {
      size: lists.reduce((sum, list) => sum + list.length, 0),
      *slots() {
        if (lists.length === 1) {
          yield* lists[0] as number[];
          return;
        }
        mark++;
        for (const list of lists) {
          for (const slot of list) {
            if (visited[slot] === mark) continue;
            visited[slot] = mark;
            yield slot;
          }
        }
      },
    };
  }

  interface Source {
    size: number;
    slots: () => Iterable<number>;
    /** Every slot of this source matches the name (the name is this very n-gram). */
    wholeName?: boolean;
  }

  /** The slot lists every match is in (the smallest is scanned); none when every slot may match. */
  function sourcesOf(fragment: string | null, ownerIds: readonly string[], labelIds: readonly number[]) {
    const sources: Source[] = [];
    if (fragment) {
      const length = Math.min(3, fragment.length);
      let smallest: Int32Array | undefined;
      for (let at = 0; at + length <= fragment.length; at++) {
        const posting = postings[length - 1]?.[gramAt(fragment, at, length)];
        if (!posting) return [{ size: 0, slots: () => none }];
        if (!smallest || posting.length < smallest.length) smallest = posting;
      }
      if (smallest) {
        const posting = smallest;
        sources.push({ size: posting.length, slots: () => posting, wholeName: fragment.length <= 3 });
      }
    }
    if (ownerIds.length > 0)
      sources.push(unionOf([...new Set(ownerIds)].map((owner) => byOwner.get(owner) ?? [])));
    if (labelIds.length > 0)
      sources.push(unionOf([...new Set(labelIds)].map((label) => byLabel.get(label) ?? [])));
    return sources;
  }

  function filter(search: PlanSearch, fragment: string | null, ratings: Ratings): Filtered {
    const key = JSON.stringify([
      fragment,
      search.ownerDiscordIds,
      search.labelIds,
      search.maxPrice,
      search.minRating,
      search.minRating === undefined ? null : ratings.generation,
    ]);
    const known = remembered.get(key);
    if (known) return known;
    const sources = sourcesOf(fragment, search.ownerDiscordIds, search.labelIds);
    const smallest = sources.reduce<Source | null>(
      (best, source) => (best === null || source.size < best.size ? source : best),
      null,
    );
    const ownerSet = search.ownerDiscordIds.length > 0 ? new Set(search.ownerDiscordIds) : null;
    const labelSet = search.labelIds.length > 0 ? new Set(search.labelIds) : null;
    const nameChecked = smallest?.wholeName === true;
    const inBands = bandsOf(search, ratings);
    if (nameChecked && ownerSet === null && labelSet === null && inBands === null && smallest) {
      // The name alone, and it is one n-gram: its posting list is the answer.
      const all = smallest.slots() as Int32Array;
      return remember(key, { total: all.length, matches: all.length <= SPARSE_MATCHES ? all : null });
    }
    const matches = (slot: number) =>
      (fragment === null || nameChecked || (names[slot] as string).includes(fragment)) &&
      (ownerSet === null || ownerSet.has(owners[slot] as string)) &&
      (labelSet === null || (labels[slot] ?? []).some((label) => labelSet.has(label))) &&
      (inBands === null || inBands(slot));
    const found: number[] = [];
    let total = 0;
    const visit = (slot: number) => {
      if (!matches(slot)) return;
      total++;
      if (found.length <= SPARSE_MATCHES) found.push(slot);
    };
    if (smallest) for (const slot of smallest.slots()) visit(slot);
    else for (let slot = 0; slot < ids.length; slot++) visit(slot);
    return remember(key, { total, matches: total <= SPARSE_MATCHES ? Int32Array.from(found).sort() : null });
  }

  /** The rating and price filters as one test of a slot; null when neither is asked. */
  function bandsOf(search: PlanSearch, ratings: Ratings): ((slot: number) => boolean) | null {
    const { minRating, maxPrice } = search;
    if (minRating === undefined && maxPrice === undefined) return null;
    return (slot) => {
      if (minRating !== undefined) {
        const count = ratings.counts[slot] as number;
        if (count === 0 || (ratings.sums[slot] as number) < minRating * count) return false;
      }
      if (maxPrice !== undefined) {
        const price = fromPrices[slot] as number;
        if (price < 0 || price > maxPrice) return false;
      }
      return true;
    };
  }

  function remember(key: string, result: Filtered): Filtered {
    if (remembered.size >= REMEMBERED_FILTERS) remembered.delete(remembered.keys().next().value as string);
    remembered.set(key, result);
    return result;
  }

  /** Each plan's id's slot, for the ratings of a page's cards. */
  const slotOf = (id: number): number => {
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = ids[middle] as number;
      if (found === id) return middle;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  };

  /**
   * The index answering with these orders and ratings (everything else is shared). The ratings
   * answer a filter by minimum rating and each card's numbers (`ratingOf`).
   */
  const answering = (orders: Orders, ratings: Ratings) => ({
    size: ids.length,

    /** The plan's rating numbers as this index holds them; null when it is not in it. */
    ratingOf(id: number): PlanRating | null {
      const slot = slotOf(id);
      return slot < 0 ? null : { count: ratings.counts[slot] as number, sum: ratings.sums[slot] as number };
    },

    /**
     * The ids of one page and the number of matching plans, exactly as the shop's statement orders
     * them; null when this search is left to the statement (a name with characters other than
     * printable ASCII, whose lower-casing PostgreSQL decides).
     */
    page(
      search: PlanSearch,
      paging: { page: number; size: number; sort: Sort<PlanSortKey> },
    ): { ids: number[]; total: number } | null {
      if (search.name && !PLAIN_TEXT.test(search.name)) return null;
      const fragment = search.name ? search.name.toLowerCase() : null;
      const order = orders[`${paging.sort.key},${paging.sort.order}`];
      const offset = paging.page * paging.size;
      const end = offset + paging.size;
      const unfiltered =
        !fragment &&
        search.ownerDiscordIds.length === 0 &&
        search.labelIds.length === 0 &&
        search.minRating === undefined &&
        search.maxPrice === undefined;
      if (unfiltered) {
        return {
          ids: Array.from(order.slots.subarray(offset, end), (slot) => ids[slot] as number),
          total: ids.length,
        };
      }
      const { total, matches } = filter(search, fragment, ratings);
      if (offset >= total) return { ids: [], total };
      if (matches) {
        const sorted = Array.from(matches).sort(
          (a, b) => (order.positions[a] as number) - (order.positions[b] as number),
        );
        return { ids: sorted.slice(offset, end).map((slot) => ids[slot] as number), total };
      }
      // Dense: walk the sort's order and keep the matches of this page.
      const ownerSet = search.ownerDiscordIds.length > 0 ? new Set(search.ownerDiscordIds) : null;
      const labelSet = search.labelIds.length > 0 ? new Set(search.labelIds) : null;
      const inBands = bandsOf(search, ratings);
      const page: number[] = [];
      let seen = 0;
      for (let position = 0; position < order.slots.length && seen < end; position++) {
        const slot = order.slots[position] as number;
        if (fragment !== null && !(names[slot] as string).includes(fragment)) continue;
        if (ownerSet !== null && !ownerSet.has(owners[slot] as string)) continue;
        if (labelSet !== null && !(labels[slot] ?? []).some((label) => labelSet.has(label))) continue;
        if (inBands !== null && !inBands(slot)) continue;
        if (seen >= offset) page.push(ids[slot] as number);
        seen++;
      }
      return { ids: page, total };
    },

    /**
     * The same index with the popular order ranked by these active subscription counts per plan
     * id, and the rating order and numbers by these ratings (plans absent have none): subscriptions
     * start, end and expire, and reviews are written, without any catalog change, so these two
     * orders are refreshed alone (issues 21 and 35), not the whole index.
     */
    withCounts(activeByPlan: ReadonlyMap<number, number>, ratingsByPlan: ReadonlyMap<number, PlanRating>) {
      const popular = popularRanksOf(ids, activeByPlan);
      const rankOf = (slot: number) => popular[slot] as number;
      const fresh: Ratings = {
        generation: ratings.generation + 1,
        counts: Int32Array.from(ids, (id) => ratingsByPlan.get(id)?.count ?? 0),
        sums: Int32Array.from(ids, (id) => ratingsByPlan.get(id)?.sum ?? 0),
      };
      const ratingRanks = ratingRanksOf(fresh.counts, fresh.sums);
      const ratingRankOf = (slot: number) => ratingRanks[slot] as number;
      return answering(
        {
          ...orders,
          'popular,asc': orderOf(ids.length, rankOf, 'asc'),
          'popular,desc': orderOf(ids.length, rankOf, 'desc'),
          'rating,asc': orderOf(ids.length, ratingRankOf, 'asc'),
          'rating,desc': orderOf(ids.length, ratingRankOf, 'desc'),
        },
        fresh,
      );
    },
  });
  return answering(builtOrders, builtRatings);
}

export type SearchIndex = Awaited<ReturnType<typeof buildSearchIndex>>;
