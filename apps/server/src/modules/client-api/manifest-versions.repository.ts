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
