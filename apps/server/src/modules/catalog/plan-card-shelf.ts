import type { Db } from './db.ts';
import { findPlanCardsByIds, loadListedPlanCards } from './plan-cards.repository.ts';
import type { ShopPlanRow } from './plan-search.repository.ts';

/**
 * The cards of every plan on sale, kept beside the search index (issue 21): a shop page is then a
 * lookup in memory from the ids to the answer, with no statement at all. The shelf is loaded whole
 * in the background when first asked and again after every catalog change (`invalidate`, on the
 * same 'catalog' name as the index, so every process's shelf is dropped); until a load with every
 * change so far is done, and whenever `usable()` is false (this process cannot hear the other
 * processes' changes), the cards are read from the database, exactly as before. A plan a page asks
 * for that the shelf lacks (it came on sale after the load) is read and kept. Subscription counts
 * are not on a card, so purchases change nothing here.
 */
export function createPlanCardShelf({ db, usable = () => true }: { db: Db; usable?: () => boolean }) {
  let shelf: Map<number, ShopPlanRow> | null = null;
  let shelfGeneration = -1;
  let generation = 0;
  let loading: Promise<void> | null = null;

  function load(): Promise<void> {
    if (loading) return loading;
    const started = generation;
    loading = loadListedPlanCards(db)
      .then((cards) => {
        // A change during the load is not on this shelf: the next page starts another load.
        if (generation !== started) return;
        shelf = cards;
        shelfGeneration = started;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** The shelf to answer from; null while none holds every change so far (a load starts). */
  function current(): Map<number, ShopPlanRow> | null {
    if (!usable()) return null;
    if (shelf && shelfGeneration === generation) return shelf;
    load().catch(() => {});
    return null;
  }

  return {
    /** The cards of these plan ids in their order; plans no longer on sale are left out. */
    async cardsOf(ids: readonly number[]): Promise<ShopPlanRow[]> {
      const cards = current();
      if (!cards) return findPlanCardsByIds(db, ids);
      const missing = ids.filter((id) => !cards.has(id));
      if (missing.length === 0) return ids.map((id) => cards.get(id) as ShopPlanRow);
      const read = new Map((await findPlanCardsByIds(db, missing)).map((card) => [card.id, card]));
      // Kept only if no change came while they were read (the shelf would be dropped by then).
      if (cards === shelf && shelfGeneration === generation)
        for (const [id, card] of read) cards.set(id, card);
      return ids.flatMap((id) => {
        const card = cards.get(id) ?? read.get(id);
        return card ? [card] : [];
      });
    },
    invalidate(): void {
      generation++;
      shelf = null;
    },
    /** Resolves once a shelf with every change so far is loaded (tests, warm-up). */
    async ready(): Promise<void> {
      while (!shelf || shelfGeneration !== generation) await load();
    },
  };
}

export type PlanCardShelf = ReturnType<typeof createPlanCardShelf>;
