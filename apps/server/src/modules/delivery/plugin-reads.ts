import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import type { Db } from '@ember/db/types';
import { eq, isNotNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';

// What other modules may read of plugins and the links granting them (decision 0035). The
// projections join like tables, so the client's entitlement read stays one statement.

/** Which plugin each price grants, and with what session limit (0 = unlimited). */
export const pluginGrants = new QueryBuilder()
  .select({
    id: pluginLinks.id,
    priceId: pluginLinks.priceId,
    pluginId: pluginLinks.pluginId,
    sessionLimit: pluginLinks.sessionLimit,
  })
  .from(pluginLinks)
  .as('plugin_grants');

/** Each plugin with the artifact clients run (null until a repository update stored one). */
export const pluginArtifacts = new QueryBuilder()
  .select({
    id: plugins.id,
    name: plugins.name,
    version: plugins.version,
    artifactSha256: plugins.artifactSha256,
    artifactSize: plugins.artifactSize,
    tufTarget: plugins.tufTarget,
    dependencies: plugins.dependencies,
  })
  .from(plugins)
  .as('plugin_artifacts');

export async function findPluginName(db: Db, pluginId: number): Promise<string | null> {
  const [row] = await db.select({ name: plugins.name }).from(plugins).where(eq(plugins.id, pluginId));
  return row?.name ?? null;
}

/** Every plugin that has an artifact: its name, version and the artifact's sha256. */
export function findPluginsWithArtifacts(db: Db) {
  return db
    .select({ name: plugins.name, version: plugins.version, sha256: plugins.artifactSha256 })
    .from(plugins)
    .where(isNotNull(plugins.artifactSha256));
}
