import { pluginLinks, plugins, repositories } from '@ember/db/schema/delivery';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { HandedDb } from './db.ts';

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

export async function findPluginName(db: HandedDb, pluginId: number): Promise<string | null> {
  const [row] = await db.select({ name: plugins.name }).from(plugins).where(eq(plugins.id, pluginId));
  return row?.name ?? null;
}

/** Every plugin that has an artifact: its name, version, developer, the artifact's sha256 and size. */
export function findPluginsWithArtifacts(db: HandedDb) {
  return db
    .select({
      id: plugins.id,
      developerId: repositories.ownerId,
      name: plugins.name,
      version: plugins.version,
      sha256: plugins.artifactSha256,
      size: plugins.artifactSize,
    })
    .from(plugins)
    .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
    .where(isNotNull(plugins.artifactSha256));
}

/** Names each plugin's TUF target (the seeded demo plugins, once their releases are signed). */
export async function setPluginTargets(db: HandedDb, targets: ReadonlyMap<number, string>): Promise<void> {
  if (targets.size === 0) return;
  const named = sql.join(
    [...targets].map(([id, target]) => sql`(${id}::integer, ${target}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${plugins} set ${sql.identifier(plugins.tufTarget.name)} = named.target
        from (values ${named}) as named(id, target) where ${plugins.id} = named.id`,
  );
}
