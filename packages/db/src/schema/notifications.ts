import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * One notice to one account (issue 35). `idempotency_key` names the event it tells about
 * (`gift:{subscriptionId}`, `payout-paid:{payoutId}`…): the unique key makes a retried or
 * concurrent cause write it once. `params` are the event's facts; the text is made from them
 * where it is shown (web, Discord), so a wording change needs no migration.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('notifications_idempotency_key_unique'),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull(),
    /** A path of the web app where the receiver acts on it. */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
    /** When the Discord direct message went out (null: not asked for, or not yet). */
    discordSentAt: timestamptz('discord_sent_at'),
  },
  (t) => [
    index('notifications_user_id_id_idx').on(t.userId, t.id.desc()),
    // The bell's count reads only this user's unread entries of this index.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('notifications_link_is_path', sql`${t.link} like '/%'`),
  ],
);

/** Where an account wants its notifications besides the bell. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  discordDirectMessages: boolean('discord_direct_messages').notNull().default(false),
});

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
