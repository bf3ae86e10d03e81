import { UNREAD_COUNT_CAP } from '@ember/contracts/notifications';
import { notificationSettings, notifications } from '@ember/db/schema/notifications';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// The notifications module owns `notifications` and `notification_settings`.

export interface NewNotificationRow {
  userId: number;
  kind: string;
  idempotencyKey: string;
  params: Record<string, string | number | null>;
  link: string;
  createdAt: Date;
}

/** Writes the notifications whose events were not told already; the new rows' ids and receivers. */
export function insertNotificationsOnce(tx: HandedDb, rows: NewNotificationRow[]) {
  return tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: notifications.idempotencyKey })
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** Which of these accounts want direct messages too. */
export async function usersAllowingDirectMessages(db: HandedDb, userIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(
      and(
        inArray(notificationSettings.userId, userIds),
        eq(notificationSettings.discordDirectMessages, true),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function wantsDiscordDirectMessages(db: HandedDb, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: notificationSettings.discordDirectMessages })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.on ?? false;
}

export async function saveDiscordDirectMessages(db: HandedDb, userId: number, on: boolean): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, discordDirectMessages: on })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { discordDirectMessages: on } });
}

/** One page of a user's notifications, newest first (index `notifications_user_id_id_idx`). */
export function findNotificationsOfUser(db: HandedDb, userId: number, page: { page: number; size: number }) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(page.size)
    .offset(page.page * page.size);
}

/** How many notifications the user has: their own entries of the user index, never the table. */
export async function countNotificationsOfUser(db: HandedDb, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.count ?? 0;
}

/** Unread, counted up to the cap on the partial unread index: a bounded read however many there are. */
export async function countUnread(db: HandedDb, userId: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

/** Marks the user's own notifications among `ids` read (others' ids and read ones are left alone). */
export async function markNotificationsRead(db: HandedDb, userId: number, ids: number[], now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)),
    );
}

export function findNotification(db: HandedDb, id: number) {
  return firstRowOrNull(db.select().from(notifications).where(eq(notifications.id, id)));
}

export async function markDiscordSent(db: HandedDb, id: number, now: Date): Promise<void> {
  await db.update(notifications).set({ discordSentAt: now }).where(eq(notifications.id, id));
}
