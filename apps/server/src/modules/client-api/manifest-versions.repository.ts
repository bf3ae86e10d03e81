import { executeNamed } from '@ember/db/prepared';
import { manifestVersionsSequence } from '@ember/db/schema/client-access';
import type { Db } from '@ember/db/types';
import { sql } from 'drizzle-orm';

// Sequence: manifest_versions_seq (owned).

const nextValue = sql.raw(`nextval('${manifestVersionsSequence.seqName}')`);

/**
 * The next manifest version: higher than any issued before, to any user (one sequence, decision
 * 0044). One named statement; it locks no row and its transaction waits for no disk.
 */
export async function nextManifestVersion(db: Db): Promise<number> {
  const [row] = await executeNamed<{ version: string }>(db, sql`select ${nextValue} as version`);
  if (!row) throw new Error('manifest version not returned');
  return Number(row.version);
}
