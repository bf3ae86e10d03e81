import { manifestVersions } from '@ember/db/schema/client-access';
import type { Db } from '@ember/db/types';
import { sql } from 'drizzle-orm';

// Tables: manifest_versions (owned).

/** The next manifest version of the user: 1, 2, 3… one statement, safe under concurrent calls. */
export async function nextManifestVersion(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .insert(manifestVersions)
    .values({ userId, version: 1 })
    .onConflictDoUpdate({
      target: manifestVersions.userId,
      set: { version: sql`${manifestVersions.version} + 1` },
    })
    .returning({ version: manifestVersions.version });
  if (!row) throw new Error('manifest version not returned');
  return row.version;
}

/**
 * An account transfer: the target's counter becomes at least the source's, so a client that moved
 * with its token never sees a manifest version lower than one it already accepted.
 */
export async function carryManifestVersion(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  await db.execute(sql`
    insert into ${manifestVersions} (user_id, version)
    select ${toUserId}::int, version from ${manifestVersions} where user_id = ${fromUserId}::int
    on conflict (user_id) do update set version = greatest(${manifestVersions.version}, excluded.version)`);
}
