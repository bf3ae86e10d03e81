import { PLAN_LABELS } from '@ember/contracts/labels';
import { sql } from 'drizzle-orm';
import { labels } from '../schema/catalog.ts';
import type { Db } from '../types.ts';

/**
 * Data every database needs, production included: the 28 plan labels. Upserts by id, so it is
 * safe to run on every start and keeps names in step with contracts.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(labels)
    .values(PLAN_LABELS.map(({ id, name, icon }) => ({ id, name, icon })))
    .onConflictDoUpdate({
      target: labels.id,
      set: { name: sql`excluded.name`, icon: sql`excluded.icon` },
      setWhere: sql`(${labels.name}, ${labels.icon}) is distinct from (excluded.name, excluded.icon)`,
    });
}
