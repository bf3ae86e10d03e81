import {
  type DeveloperSigningKey,
  developerSigningKeys,
  type NewDeveloperSigningKey,
} from '@ember/db/schema/signing-keys';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

/** Every key of a developer, revoked ones included, newest first. */
export const findKeysOf = (db: HandedDb, developerId: number): Promise<DeveloperSigningKey[]> =>
  db
    .select()
    .from(developerSigningKeys)
    .where(eq(developerSigningKeys.developerId, developerId))
    .orderBy(desc(developerSigningKeys.createdAt), desc(developerSigningKeys.id));

export async function countActiveKeysOf(db: HandedDb, developerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(developerSigningKeys)
    .where(and(eq(developerSigningKeys.developerId, developerId), isNull(developerSigningKeys.revokedAt)));
  return row?.n ?? 0;
}

export function findKey(db: HandedDb, id: number): Promise<DeveloperSigningKey | null> {
  return firstRowOrNull(db.select().from(developerSigningKeys).where(eq(developerSigningKeys.id, id)));
}

/** The new key, or null when its key id is registered already (by anyone). */
export function insertKeyUnlessTaken(
  db: HandedDb,
  key: NewDeveloperSigningKey,
): Promise<DeveloperSigningKey | null> {
  return firstRowOrNull(
    db
      .insert(developerSigningKeys)
      .values(key)
      .onConflictDoNothing({ target: developerSigningKeys.keyid })
      .returning(),
  );
}

/** Revokes a key still active; null when it was revoked already. */
export function revokeKey(db: HandedDb, id: number, at: Date): Promise<DeveloperSigningKey | null> {
  return firstRowOrNull(
    db
      .update(developerSigningKeys)
      .set({ revokedAt: at })
      .where(and(eq(developerSigningKeys.id, id), isNull(developerSigningKeys.revokedAt)))
      .returning(),
  );
}

/**
 * The keys that may sign for these developers (every developer: `all`) now, oldest first, in one
 * statement for any number.
 */
export const findActiveKeysOf = (db: HandedDb, developerIds: readonly number[] | 'all') =>
  developerIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          developerId: developerSigningKeys.developerId,
          keyid: developerSigningKeys.keyid,
          publicKeyHex: developerSigningKeys.publicKeyHex,
        })
        .from(developerSigningKeys)
        .where(
          and(
            developerIds === 'all' ? undefined : inArray(developerSigningKeys.developerId, [...developerIds]),
            isNull(developerSigningKeys.revokedAt),
          ),
        )
        .orderBy(asc(developerSigningKeys.developerId), asc(developerSigningKeys.createdAt));
