import type { Obfuscation } from '@ember/contracts/enums';
import type { PluginDependency } from '@ember/db/schema/delivery';
import { approvedJars, pluginLinks, plugins, pluginVersions, repositories } from '@ember/db/schema/delivery';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// What a repository update reads and writes: the repository's fetch settings (its access token
// included: only this file selects it), approved jar hashes, and the plugins and versions it registers.

export interface RepositorySource {
  id: number;
  ownerId: number;
  url: string;
  accessToken: string | null;
  obfuscation: Obfuscation;
  obfuscatorConfig: Record<string, unknown> | null;
}

export function findRepositorySource(db: HandedDb, id: number): Promise<RepositorySource | null> {
  return firstRowOrNull(
    db
      .select({
        id: repositories.id,
        ownerId: repositories.ownerId,
        url: repositories.url,
        accessToken: repositories.accessToken,
        obfuscation: repositories.obfuscation,
        obfuscatorConfig: repositories.obfuscatorConfig,
      })
      .from(repositories)
      .where(eq(repositories.id, id)),
  );
}

/** Which of these hashes belong to approved jars. */
export async function findApprovedHashes(db: HandedDb, sha256s: string[]): Promise<Set<string>> {
  if (sha256s.length === 0) return new Set();
  const rows = await db
    .select({ sha256: approvedJars.sha256 })
    .from(approvedJars)
    .where(inArray(approvedJars.sha256, sha256s));
  return new Set(rows.map((row) => row.sha256));
}

export function findRegisteredPlugins(db: HandedDb, repositoryId: number) {
  return db
    .select({
      id: plugins.id,
      name: plugins.name,
      version: plugins.version,
      artifactSha256: plugins.artifactSha256,
    })
    .from(plugins)
    .where(eq(plugins.repositoryId, repositoryId));
}

export interface RegisteredArtifact {
  repositoryId: number;
  name: string;
  /** Null keeps the description the developer may have edited on the website. */
  description: string | null;
  version: string;
  artifactSha256: string;
  artifactSize: number;
  /** Its TUF target path; null when the release was not signed. */
  tufTarget: string | null;
  /** The approved jars it bundles, delivered with it. */
  dependencies: PluginDependency[];
}

/** Creates the plugin, or updates the one of that name in the repository; its id. */
export async function upsertPlugin(db: HandedDb, plugin: RegisteredArtifact): Promise<number> {
  const { description, ...fields } = plugin;
  const [row] = await db
    .insert(plugins)
    .values({ ...fields, description: description ?? '' })
    .onConflictDoUpdate({
      target: [plugins.repositoryId, plugins.name],
      set: {
        version: fields.version,
        artifactSha256: fields.artifactSha256,
        artifactSize: fields.artifactSize,
        tufTarget: fields.tufTarget,
        dependencies: fields.dependencies,
        updatedAt: sql`now()`,
        ...(description !== null && { description }),
      },
    })
    .returning({ id: plugins.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

export async function insertPluginVersion(
  db: HandedDb,
  version: {
    pluginId: number;
    version: string;
    artifactSha256: string;
    artifactSize: number;
    repoUpdateId: number;
  },
): Promise<void> {
  await db.insert(pluginVersions).values(version);
}

/** How many prices grant each of these plugins (only those granted at least once). */
export async function countLinksByPlugin(db: HandedDb, pluginIds: number[]): Promise<Map<number, number>> {
  if (pluginIds.length === 0) return new Map();
  const rows = await db
    .select({ pluginId: pluginLinks.pluginId, total: count() })
    .from(pluginLinks)
    .where(inArray(pluginLinks.pluginId, pluginIds))
    .groupBy(pluginLinks.pluginId);
  return new Map(rows.map((row) => [row.pluginId, row.total]));
}

export async function deletePlugins(db: HandedDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(plugins).where(inArray(plugins.id, ids));
}

/** A plugin's registered versions, oldest first. */
export function findPluginVersions(db: HandedDb, pluginId: number) {
  return db
    .select({
      version: pluginVersions.version,
      artifactSha256: pluginVersions.artifactSha256,
      artifactSize: pluginVersions.artifactSize,
      repoUpdateId: pluginVersions.repoUpdateId,
    })
    .from(pluginVersions)
    .where(eq(pluginVersions.pluginId, pluginId))
    .orderBy(pluginVersions.id);
}
