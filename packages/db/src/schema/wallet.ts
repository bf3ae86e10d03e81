import {
  JOURNAL_KINDS,
  JOURNAL_REFERENCE_KINDS,
  LEDGER_ACCOUNTS,
  LEDGER_ENTRY_TYPES,
  POSTING_ACCOUNTS,
} from '@ember/contracts/enums';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns.ts';
import { users } from './users.ts';

/**
 * One business event of the books (a sale, a gift, a refund, a transfer, an adjustment, an order,
 * a payout): its postings in ledger_entries sum to zero. Append-only (a trigger rejects UPDATE and
 * DELETE). Says what it is for by reference kind and id, never by a bare number.
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: JOURNAL_KINDS }).notNull(),
    referenceKind: text('reference_kind', { enum: JOURNAL_REFERENCE_KINDS }).notNull(),
    referenceId: integer('reference_id').notNull(),
    description: text('description').notNull().default(''),
    /** Set by callers that may retry (webhooks, client retries) so an event is recorded once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_journals_reference_idx').on(t.referenceKind, t.referenceId),
    index('ledger_journals_created_at_idx').on(t.createdAt),
    uniqueIndex('ledger_journals_idempotency_key_key').on(t.idempotencyKey),
    check('ledger_journals_kind_known', isOneOf(t.kind, JOURNAL_KINDS)),
    check('ledger_journals_reference_kind_known', isOneOf(t.referenceKind, JOURNAL_REFERENCE_KINDS)),
  ],
);

/**
 * The postings of the journals, append-only. A posting moves one account: a user's CREDITS or
 * EARNINGS (user_id set; the matching users column caches its balance and balance_after is that
 * column right after the posting), or a system account (user_id null, no cached balance, may be
 * negative). For each user account the postings sum to the cached column.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'no action' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'no action' }),
    account: text('account', { enum: POSTING_ACCOUNTS }).notNull(),
    type: text('type', { enum: LEDGER_ENTRY_TYPES }).notNull(),
    /** Signed: positive adds to the account, negative takes from it. */
    amount: integer('amount').notNull(),
    /** The user account's balance right after this posting; null on system accounts. */
    balanceAfter: integer('balance_after'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('ledger_entries_created_at_idx').on(t.createdAt),
    index('ledger_entries_journal_id_idx').on(t.journalId),
    // The admin transactions list (user postings, newest first, optionally by type) (issue 11).
    index('ledger_entries_user_postings_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.userId} is not null`),
    index('ledger_entries_type_created_at_idx').on(t.type, t.createdAt, t.id),
    index('ledger_entries_system_account_idx').on(t.account).where(sql`${t.userId} is null`),
    // A developer's earnings per month (dashboard revenue, earned this month) read only that account.
    index('ledger_entries_earnings_user_id_created_at_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.account} = 'EARNINGS'`),
    check('ledger_entries_account_known', isOneOf(t.account, POSTING_ACCOUNTS)),
    check('ledger_entries_type_known', isOneOf(t.type, LEDGER_ENTRY_TYPES)),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
    check(
      'ledger_entries_user_account_has_user',
      sql`(${t.userId} is not null) = (${isOneOf(t.account, LEDGER_ACCOUNTS)})`,
    ),
    check(
      'ledger_entries_balance_after_on_user_accounts',
      sql`(${t.userId} is not null) = (${t.balanceAfter} is not null)`,
    ),
  ],
);

export type LedgerJournal = typeof ledgerJournals.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
