import type { Obfuscation } from '@ember/contracts/enums';
import { pluginLinks, plugins, repositories, repoUpdates } from '@ember/db/schema/delivery';
import { asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { countedTotal, firstRowOrNull } from '../../lib/first-row.ts';
import { escapeLikePattern } from '../../lib/like-pattern.ts';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

// Reads and writes repositories and their plugins (this module's tables). The access token column
// is written here and never selected: no read of this file can leak it.

const repositoryColumns = {
  id: repositories.id,
  ownerId: repositories.ownerId,
  url: repositories.url,
  obfuscation: repositories.obfuscation,
  obfuscatorConfig: repositories.obfuscatorConfig,
  storm2: repositories.storm2,
  hasAccessToken: sql<boolean>`${repositories.accessToken} is not null`.mapWith(Boolean),
  // Spelled out: inside a select list Drizzle writes columns unqualified, which a subquery would misread.
  pluginCount:
    sql<number>`(select count(*) from plugins where plugins.repository_id = repositories.id)::int`.mapWith(
      Number,
    ),
  createdAt: repositories.createdAt,
};

export interface RepositoryRow {
  id: number;
  ownerId: number;
  url: string;
  obfuscation: Obfuscation;
  obfuscatorConfig: Record<string, unknown> | null;
  storm2: boolean;
  hasAccessToken: boolean;
  pluginCount: number;
  createdAt: Date;
}

export interface RepositoryFields {
  url: string;
  accessToken: string | null;
  obfuscation: Obfuscation;
  obfuscatorConfig: Record<string, unknown> | null;
  storm2: boolean;
}

export function findRepositoriesOfOwner(db: HandedDb, ownerId: number): Promise<RepositoryRow[]> {
  return db
    .select(repositoryColumns)
    .from(repositories)
    .where(eq(repositories.ownerId, ownerId))
    .orderBy(asc(repositories.id));
}

export function findRepository(db: HandedDb, id: number): Promise<RepositoryRow | null> {
  return firstRowOrNull(db.select(repositoryColumns).from(repositories).where(eq(repositories.id, id)));
}

export async function insertRepository(
  db: HandedDb,
  ownerId: number,
  fields: RepositoryFields,
): Promise<number> {
  const [row] = await db
    .insert(repositories)
    .values({ ownerId, ...fields })
    .returning({ id: repositories.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Only the fields given change; `accessToken: undefined` keeps the stored token. */
export async function updateRepository(
  db: HandedDb,
  id: number,
  fields: Partial<RepositoryFields>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(repositories).set(fields).where(eq(repositories.id, id));
}

export async function deleteRepository(db: HandedDb, id: number): Promise<void> {
  await db.delete(repositories).where(eq(repositories.id, id));
}

/** How many prices carry a plugin of the repository. */
export function countLinksOfRepository(db: HandedDb, repositoryId: number): Promise<number> {
  return countedTotal(
    db
      .select({ total: count() })
      .from(pluginLinks)
      .innerJoin(plugins, eq(plugins.id, pluginLinks.pluginId))
      .where(eq(plugins.repositoryId, repositoryId)),
  );
}

const pluginColumns = {
  id: plugins.id,
  repositoryId: plugins.repositoryId,
  name: plugins.name,
  description: plugins.description,
  version: plugins.version,
};

/** A page of a repository's plugins by name (the unique (repository_id, name) index serves it). */
export function findPluginsOfRepository(
  db: HandedDb,
  repositoryId: number,
  page: { limit: number; offset: number },
) {
  return db
    .select(pluginColumns)
    .from(plugins)
    .where(eq(plugins.repositoryId, repositoryId))
    .orderBy(asc(plugins.name), asc(plugins.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function countPluginsOfRepository(db: HandedDb, repositoryId: number): Promise<number> {
  return countedTotal(
    db.select({ total: count() }).from(plugins).where(eq(plugins.repositoryId, repositoryId)),
  );
}

/** A plugin with its repository's owner, who decides about it. */
export function findPlugin(db: HandedDb, id: number) {
  return firstRowOrNull(
    db
      .select({ ...pluginColumns, ownerId: repositories.ownerId })
      .from(plugins)
      .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
      .where(eq(plugins.id, id)),
  );
}

export async function updatePluginDescription(db: HandedDb, id: number, description: string): Promise<void> {
  await db.update(plugins).set({ description }).where(eq(plugins.id, id));
}

export function countLinksOfPlugin(db: HandedDb, pluginId: number): Promise<number> {
  return countedTotal(
    db.select({ total: count() }).from(pluginLinks).where(eq(pluginLinks.pluginId, pluginId)),
  );
}

export async function deletePlugin(db: HandedDb, id: number): Promise<void> {
  await db.delete(plugins).where(eq(plugins.id, id));
}

/** The admin list's filter: part of the URL, or the owner's username, display name or Discord id. */
function allRepositoriesWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLikePattern(search)}%`;
  return or(
    ilike(repositories.url, pattern),
    ilike(userProfiles.username, pattern),
    ilike(userProfiles.displayName, pattern),
    eq(userProfiles.discordId, search),
  );
}

/**
 * Every developer's repositories for the admin panel, newest first, with the owner (their profile,
 * for the name only) and the repository's latest update (repo_updates, this module's table).
 */
export function findAllRepositories(
  db: HandedDb,
  filter: { search?: string },
  page: { limit: number; offset: number },
) {
  const latest = db
    .select({
      repositoryId: repoUpdates.repositoryId,
      status: repoUpdates.status,
      error: repoUpdates.error,
      createdAt: repoUpdates.createdAt,
    })
    .from(repoUpdates)
    .where(
      eq(
        repoUpdates.id,
        sql`(select max(latest.id) from repo_updates latest where latest.repository_id = ${repoUpdates.repositoryId})`,
      ),
    )
    .as('latest_update');
  return db
    .select({
      id: repositories.id,
      url: repositories.url,
      obfuscation: repositories.obfuscation,
      storm2: repositories.storm2,
      pluginCount: repositoryColumns.pluginCount,
      createdAt: repositories.createdAt,
      ownerId: userProfiles.id,
      ownerUsername: userProfiles.username,
      ownerDisplayName: userProfiles.displayName,
      ownerDiscordId: userProfiles.discordId,
      lastStatus: latest.status,
      lastError: latest.error,
      lastCreatedAt: latest.createdAt,
    })
    .from(repositories)
    .innerJoin(userProfiles, eq(userProfiles.id, repositories.ownerId))
    .leftJoin(latest, eq(latest.repositoryId, repositories.id))
    .where(allRepositoriesWhere(filter.search))
    .orderBy(desc(repositories.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function countAllRepositories(db: HandedDb, filter: { search?: string }): Promise<number> {
  return countedTotal(
    db
      .select({ total: count() })
      .from(repositories)
      .innerJoin(userProfiles, eq(userProfiles.id, repositories.ownerId))
      .where(allRepositoriesWhere(filter.search)),
  );
}
