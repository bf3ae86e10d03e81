import type { Db } from '../types.ts';
import type { LedgerBook } from './ledger-book.ts';

/** What every seed step needs: where to write, the reference time, and the ledger being built. */
export interface SeedContext {
  db: Db;
  now: Date;
  ledger: LedgerBook;
}
