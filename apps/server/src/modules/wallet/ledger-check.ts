import { type BooksReport, checkBooks, describeBooksReport } from '@ember/db/books/check-books';
import type { HandedDb } from './db.ts';

export type LedgerReport = BooksReport;

/** Verifies the books (decision 0008) on the whole database; see packages/db/src/books/check-books.ts. */
export const checkLedger = (db: HandedDb): Promise<LedgerReport> => checkBooks(db);

/** Human-readable lines for the `ledger:check` script. */
export const describeLedgerReport = describeBooksReport;
