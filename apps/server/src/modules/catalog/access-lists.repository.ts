import type { ListKind } from '@ember/contracts/enums';
import { accessListEntries } from '@ember/db/schema/catalog';
import { and, asc, eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

/** A whitelist or blacklist belongs to a plan or to a price. */
export type ListTarget = { planId: number } | { priceId: number };

const targetIs = (target: ListTarget) =>
  'planId' in target
    ? eq(accessListEntries.planId, target.planId)
    : eq(accessListEntries.priceId, target.priceId);

const entryColumns = {
  id: accessListEntries.id,
  userId: userProfiles.id,
  discordId: userProfiles.discordId,
  username: userProfiles.username,
  displayName: userProfiles.displayName,
};

export function findEntries(db: HandedDb, target: ListTarget, kind: ListKind) {
  return db
    .select(entryColumns)
    .from(accessListEntries)
    .innerJoin(userProfiles, eq(userProfiles.id, accessListEntries.userId))
    .where(and(targetIs(target), eq(accessListEntries.kind, kind)))
    .orderBy(asc(accessListEntries.id));
}

export function findEntry(db: HandedDb, target: ListTarget, kind: ListKind, userId: number) {
  return firstRowOrNull(
    db
      .select(entryColumns)
      .from(accessListEntries)
      .innerJoin(userProfiles, eq(userProfiles.id, accessListEntries.userId))
      .where(and(targetIs(target), eq(accessListEntries.kind, kind), eq(accessListEntries.userId, userId))),
  );
}

export async function insertEntry(
  db: HandedDb,
  target: ListTarget,
  kind: ListKind,
  userId: number,
): Promise<void> {
  await db.insert(accessListEntries).values({ ...target, kind, userId });
}

/** Returns whether there was an entry to delete. */
export async function deleteEntry(
  db: HandedDb,
  target: ListTarget,
  kind: ListKind,
  userId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(accessListEntries)
    .where(and(targetIs(target), eq(accessListEntries.kind, kind), eq(accessListEntries.userId, userId)))
    .returning({ id: accessListEntries.id });
  return deleted.length > 0;
}
