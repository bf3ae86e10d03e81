import { ROLES } from '@ember/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, isSubsetOf, timestamptz, updatedAt } from './columns.ts';

/**
 * Accounts, keyed by the chat-platform (Discord) id; the users module's table, except `balance` and
 * `earnings`: those two are the books' cached sums of the ledger (see wallet.ts), written only by the
 * journal poster (books/post-journal.ts) in the statement that records the journal; the users module
 * reads them (decision 0071, and the lint step scripts/lint-sql-tables.mjs keeps modules from writing them).
 */
export const users = pgTable(
  'users',
  {
    id: identityId(),
    discordId: text('discord_id').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    registrationDate: timestamptz('registration_date').notNull().defaultNow(),
    vipUntil: timestamptz('vip_until'),
    roles: text('roles', { enum: ROLES }).array().notNull().default(['CUSTOMER']),
    enabled: boolean('enabled').notNull().default(true),
    /** Spendable credits (whole credits). */
    balance: integer('balance').notNull().default(0),
    /** Developer earnings in credits, paid out through payouts. */
    earnings: integer('earnings').notNull().default(0),
    /** Admins can lock credit gifting for an account; the transferable amount is then 0. */
    creditsTransferable: boolean('credits_transferable').notNull().default(true),
    /** Written into every product JWT; signing out increments it, so every token issued before stops working at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The last "Log out of all devices": every chat-platform grant handed out before it is refused (issue 32). */
    signedOutAt: timestamptz('signed_out_at'),
    /**
     * Set when a payment dispute or processor refund took back less than the order gave (decision
     * 0015): the account may not place orders until staff release the hold.
     */
    heldAt: timestamptz('held_at'),
    holdReason: text('hold_reason'),
    /**
     * Set when an admin transferred this account to another (spec §5 transfer account): everything
     * it held moved there in one transaction, and this account stays disabled, pointing at it.
     */
    transferredToId: integer('transferred_to_id').references((): AnyPgColumn => users.id, {
      onDelete: 'no action',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_discord_id_key').on(t.discordId),
    index('users_username_lower_idx').on(sql`lower(${t.username})`),
    // A price's or plan's subscribers sorted by username (the dashboards' default table sort): the
    // first page walks usernames in order instead of sorting every subscriber (issue 11).
    index('users_username_idx').on(t.username),
    index('users_vip_until_idx').on(t.vipUntil),
    // The admin panel's users table sorts by balance and by registration date (issue 20).
    index('users_balance_id_idx').on(t.balance, t.id),
    index('users_registration_date_id_idx').on(t.registrationDate, t.id),
    index('users_held_at_idx').on(t.heldAt).where(sql`${t.heldAt} is not null`),
    // Deleting a user checks that no account was transferred to it (the key's check reads this).
    index('users_transferred_to_id_idx').on(t.transferredToId).where(sql`${t.transferredToId} is not null`),
    check('users_transferred_is_disabled', sql`${t.transferredToId} is null or not ${t.enabled}`),
    check('users_not_transferred_to_itself', sql`${t.transferredToId} is distinct from ${t.id}`),
    check('users_hold_has_reason', sql`(${t.heldAt} is null) = (${t.holdReason} is null)`),
    check('users_discord_id_format', sql`${t.discordId} ~ '^[0-9]{17,20}$'`),
    check('users_balance_not_negative', sql`${t.balance} >= 0`),
    check('users_earnings_not_negative', sql`${t.earnings} >= 0`),
    check('users_roles_known', isSubsetOf(t.roles, ROLES)),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
