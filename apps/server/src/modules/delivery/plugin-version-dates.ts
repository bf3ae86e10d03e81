import { pluginLinks, pluginVersions } from '@ember/db/schema/delivery';
import { asc, inArray } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

/**
 * When the store published each version of the plugins these prices grant (a developer page's
 * update rhythm, issue 35): one row per version, each plugin once however many prices grant it.
 */
export function findVersionDatesOfPrices(db: HandedDb, priceIds: number[]) {
  if (priceIds.length === 0) return Promise.resolve([]);
  const granted = db
    .selectDistinct({ pluginId: pluginLinks.pluginId })
    .from(pluginLinks)
    .where(inArray(pluginLinks.priceId, priceIds));
  return db
    .select({ pluginId: pluginVersions.pluginId, publishedAt: pluginVersions.createdAt })
    .from(pluginVersions)
    .where(inArray(pluginVersions.pluginId, granted))
    .orderBy(asc(pluginVersions.pluginId), asc(pluginVersions.id));
}
