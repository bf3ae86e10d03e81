import { plugins } from '@ember/db/schema/delivery';
import type { Db } from '@ember/db/types';
import { isNull, or, sql } from 'drizzle-orm';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';

/** The bytes of a demo plugin's artifact: small, and the same on every machine. */
export const demoArtifactBytes = (name: string, version: string) =>
  new TextEncoder().encode(`Ember demo plugin ${name} ${version}\n`);

/**
 * The demo catalog's plugins come from the seed, not from a repository update, so they have no
 * artifact in the blob store. Outside production (the caller checks), each one without a size
 * recorded gets a small demo artifact, stored and recorded; running it again changes nothing.
 */
export async function giveDemoArtifacts(db: Db, blobs: BlobStore): Promise<number> {
  const missing = await db
    .select({ id: plugins.id, name: plugins.name, version: plugins.version })
    .from(plugins)
    .where(or(isNull(plugins.artifactSize), isNull(plugins.artifactSha256)));
  if (missing.length === 0) return 0;
  const stored = await Promise.all(
    missing.map(async (plugin) => ({
      id: plugin.id,
      ...(await blobs.put(demoArtifactBytes(plugin.name, plugin.version))),
    })),
  );
  const values = sql.join(
    stored.map((row) => sql`(${row.id}::int, ${row.sha256}::text, ${row.size}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${plugins} set artifact_sha256 = v.sha256, artifact_size = v.size
        from (values ${values}) as v(id, sha256, size) where ${plugins.id} = v.id`,
  );
  return missing.length;
}
