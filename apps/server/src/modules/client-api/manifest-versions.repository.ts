import { prebuiltSelect } from '@ember/db/prepared';
import { manifestVersions } from '@ember/db/schema/client-access';
import type { Db } from '@ember/db/types';
import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';

// Tables: manifest_versions (owned).

const newestManifest = prebuiltSelect(
  'newest_manifest',
  new QueryBuilder()
    .select({
      version: manifestVersions.version,
      contentSha256: manifestVersions.contentSha256,
      issuedAt: manifestVersions.issuedAt,
      expiresAt: manifestVersions.expiresAt,
    })
    .from(manifestVersions)
    .where(eq(manifestVersions.userId, sql.placeholder('userId'))),
);

/** The user's newest manifest: its version, what it lists (a SHA-256) and its times; null before the first. */
export async function findNewestManifest(db: Db, userId: number) {
  const [row] = await newestManifest(db, { userId });
  return row ?? null;
}

/**
 * A new manifest of the user: the next version (1, 2, 3…), recorded with what it lists and when it
 * was issued. One statement, safe under concurrent calls (each gets a version of its own).
 */
export async function recordNewManifest(
  db: Db,
  userId: number,
  manifest: { contentSha256: string; issuedAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(manifestVersions)
    .values({ userId, version: 1, ...manifest })
    .onConflictDoUpdate({
      target: manifestVersions.userId,
      set: {
        version: sql`${manifestVersions.version} + 1`,
        contentSha256: manifest.contentSha256,
        issuedAt: manifest.issuedAt,
        expiresAt: manifest.expiresAt,
      },
    })
    .returning({ version: manifestVersions.version });
  if (!row) throw new Error('manifest version not returned');
  return row.version;
}

/**
 * An account transfer: the target's counter becomes at least the source's, so a client that moved
 * with its token never sees a manifest version lower than one it already accepted; the target's
 * next manifest is a new one.
 */
export async function carryManifestVersion(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  await db.execute(sql`
    insert into ${manifestVersions} (user_id, version)
    select ${toUserId}::int, version from ${manifestVersions} where user_id = ${fromUserId}::int
    on conflict (user_id) do update
      set version = greatest(${manifestVersions.version}, excluded.version),
          content_sha256 = null, issued_at = null, expires_at = null`);
}
