import type { Journal } from '../books/journal.ts';

/**
 * Collects the seed's journals in any order; write-ledger.ts replays them by time into the books,
 * as the server would have posted them.
 */
export function createLedgerBook() {
  const journals: Journal[] = [];

  const post = (journal: Journal) => {
    if (!journal.at) throw new Error(`Demo ${journal.kind} journal has no date`);
    journals.push(journal);
  };

  /** The journals in the order they happened (ties keep the order they were posted in). */
  const chronological = (): (Journal & { at: Date })[] =>
    journals
      .map((journal, order) => ({ journal: journal as Journal & { at: Date }, order }))
      .sort((a, b) => a.journal.at.getTime() - b.journal.at.getTime() || a.order - b.order)
      .map(({ journal }) => journal);

  return { post, chronological };
}

export type LedgerBook = ReturnType<typeof createLedgerBook>;
