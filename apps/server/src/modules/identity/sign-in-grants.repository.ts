import { signInGrants } from '@ember/db/schema/identity';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// Reads and writes sign_in_grants (this module's table): the hashes of the chat-platform grants the
// sign-in handed out. The tokens themselves are never stored.

export interface SignInGrantRow {
  id: number;
  discordId: string;
  signedInAt: Date;
  revokedAt: Date | null;
}

const grantColumns = {
  id: signInGrants.id,
  discordId: signInGrants.discordId,
  signedInAt: signInGrants.signedInAt,
  revokedAt: signInGrants.revokedAt,
};

export async function insertSignInGrant(
  db: HandedDb,
  values: { discordId: string; accessTokenHash: string; refreshTokenHash: string; signedInAt: Date },
): Promise<void> {
  await db.insert(signInGrants).values(values);
}

export function findGrantByAccessHash(db: HandedDb, accessTokenHash: string): Promise<SignInGrantRow | null> {
  return firstRowOrNull(
    db.select(grantColumns).from(signInGrants).where(eq(signInGrants.accessTokenHash, accessTokenHash)),
  );
}

export function findGrantByRefreshHash(
  db: HandedDb,
  refreshTokenHash: string,
): Promise<SignInGrantRow | null> {
  return firstRowOrNull(
    db.select(grantColumns).from(signInGrants).where(eq(signInGrants.refreshTokenHash, refreshTokenHash)),
  );
}

/** Revokes the grant one of whose tokens has this hash; true when it was in force until now. */
export async function revokeGrantByTokenHash(db: HandedDb, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInGrants)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(signInGrants.accessTokenHash, tokenHash), eq(signInGrants.refreshTokenHash, tokenHash)),
        isNull(signInGrants.revokedAt),
      ),
    )
    .returning({ id: signInGrants.id });
  return rows.length > 0;
}

/** A refresh replaced the grant: the old one stops working (a copied old cookie with it). */
export async function revokeGrant(db: HandedDb, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInGrants)
    .set({ revokedAt: now })
    .where(and(eq(signInGrants.id, id), isNull(signInGrants.revokedAt)))
    .returning({ id: signInGrants.id });
  return rows.length > 0;
}

/** Deletes the grants handed out before `createdBefore` or revoked before `revokedBefore`; how many. */
export async function deleteGrantsBefore(
  db: HandedDb,
  cutoffs: { createdBefore: Date; revokedBefore: Date },
): Promise<number> {
  const rows = await db
    .delete(signInGrants)
    .where(
      or(
        lt(signInGrants.createdAt, cutoffs.createdBefore),
        lt(signInGrants.revokedAt, cutoffs.revokedBefore),
      ),
    )
    .returning({ id: signInGrants.id });
  return rows.length;
}
