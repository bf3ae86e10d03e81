import { OBFUSCATED_TARGETS_DIR } from '@ember/contracts/tuf';
import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

/** The plugins each price grants, for many prices in one query (the shop's plan page, decision 0035). */
export function findIncludedPlugins(db: HandedDb, priceIds: number[]) {
  return db
    .select({
      priceId: pluginLinks.priceId,
      id: pluginLinks.id,
      pluginId: plugins.id,
      name: plugins.name,
      description: plugins.description,
      sessionLimit: pluginLinks.sessionLimit,
      // What players' clients verify: the published jar is a target of the store's own role (decision 0067).
      obfuscatedByStore:
        sql<boolean>`coalesce(${plugins.tufTarget} like ${`${OBFUSCATED_TARGETS_DIR}%`}, false)`.mapWith(
          Boolean,
        ),
    })
    .from(pluginLinks)
    .innerJoin(plugins, eq(plugins.id, pluginLinks.pluginId))
    .where(inArray(pluginLinks.priceId, priceIds))
    .orderBy(asc(plugins.name), asc(pluginLinks.id));
}
