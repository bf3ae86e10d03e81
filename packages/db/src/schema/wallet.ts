import { LEDGER_ACCOUNTS, LEDGER_ENTRY_TYPES } from '@ember/contracts/enums';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns.ts';
import { users } from './users.ts';

/**
 * Append-only record of every credit and earnings movement (a trigger rejects UPDATE and DELETE).
 * For each user and account, the entries sum to the matching users column (balance or earnings),
 * and balance_after is that column right after the entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    type: text('type', { enum: LEDGER_ENTRY_TYPES }).notNull(),
    /** Signed: positive adds to the account, negative takes from it. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    description: text('description').notNull().default(''),
    /** Id of what the movement paid for (subscription, order, payout, user...), as text. */
    entityId: text('entity_id'),
    /** Set by callers that may retry (webhooks, client retries) so a movement is recorded once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('ledger_entries_created_at_idx').on(t.createdAt),
    index('ledger_entries_entity_id_idx').on(t.entityId).where(sql`${t.entityId} is not null`),
    uniqueIndex('ledger_entries_idempotency_key_key').on(t.idempotencyKey),
    check('ledger_entries_account_known', isOneOf(t.account, LEDGER_ACCOUNTS)),
    check('ledger_entries_type_known', isOneOf(t.type, LEDGER_ENTRY_TYPES)),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
