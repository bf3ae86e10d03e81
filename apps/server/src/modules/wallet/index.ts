// The wallet module's public surface: code outside the module imports only from here (decision 0035).

export { findPostingTotalsOf, hasJournalsOf, type JournalReference } from './journal-reads.ts';
export { describeLedgerReport } from './ledger-check.ts';
export { postJournal } from './ledger-posting.ts';
export { findJournalUnderKey, journalPostings, ledgerPostings } from './ledger-reads.ts';
export type { WalletService } from './wallet.service.ts';
export { createWalletService, IDEMPOTENCY_KEY_REUSED_MESSAGE } from './wallet.service.ts';
export { walletModule } from './wallet-module.ts';
