import { pluginLinks, plugins, repositories } from '@ember/db/schema/delivery';
import { asc, eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

const linkColumns = {
  id: pluginLinks.id,
  priceId: pluginLinks.priceId,
  pluginId: pluginLinks.pluginId,
  name: plugins.name,
  description: plugins.description,
  repositoryId: repositories.id,
  repoUrl: repositories.url,
  sessionLimit: pluginLinks.sessionLimit,
};

/** The plugins attached to a price, by plugin name. */
export function findLinksOfPrice(db: HandedDb, priceId: number) {
  return db
    .select(linkColumns)
    .from(pluginLinks)
    .innerJoin(plugins, eq(plugins.id, pluginLinks.pluginId))
    .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
    .where(eq(pluginLinks.priceId, priceId))
    .orderBy(asc(plugins.name), asc(pluginLinks.id));
}

export function findLink(db: HandedDb, id: number) {
  return firstRowOrNull(
    db
      .select(linkColumns)
      .from(pluginLinks)
      .innerJoin(plugins, eq(plugins.id, pluginLinks.pluginId))
      .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
      .where(eq(pluginLinks.id, id)),
  );
}

/** Who owns a plugin (its repository's owner). */
export async function findPluginOwnerId(db: HandedDb, pluginId: number): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: repositories.ownerId })
    .from(plugins)
    .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
    .where(eq(plugins.id, pluginId));
  return row?.ownerId ?? null;
}

export async function insertLink(
  db: HandedDb,
  link: { priceId: number; pluginId: number; sessionLimit: number },
): Promise<number> {
  const [row] = await db.insert(pluginLinks).values(link).returning({ id: pluginLinks.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function deleteLink(db: HandedDb, id: number): Promise<void> {
  await db.delete(pluginLinks).where(eq(pluginLinks.id, id));
}
