import { pluginVersions } from '@ember/db/schema/delivery';
import { pluginChangelogNotes, pluginScreenshots, pluginVideos } from '@ember/db/schema/plugin-showcase';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';
import type { StoredScreenshot } from './plugin-screenshots.ts';

/** Versions shown per plugin on the plan page, newest first. */
export const CHANGELOG_VERSIONS = 10;

export interface PluginShowcaseWrite {
  pluginId: number;
  screenshots: StoredScreenshot[];
  video: string | null;
  changelog: { version: string; notes: string }[];
}

/**
 * Replaces the screenshots, video and changelog notes of the registered plugins with what
 * plugins.json says now, in a fixed number of statements whatever the number of plugins. Runs in
 * the update's finishing transaction.
 */
export async function replacePluginShowcases(tx: HandedDb, showcases: PluginShowcaseWrite[]): Promise<void> {
  if (showcases.length === 0) return;
  const ids = showcases.map((showcase) => showcase.pluginId);
  await tx.delete(pluginScreenshots).where(inArray(pluginScreenshots.pluginId, ids));
  await tx.delete(pluginVideos).where(inArray(pluginVideos.pluginId, ids));
  await tx.delete(pluginChangelogNotes).where(inArray(pluginChangelogNotes.pluginId, ids));
  const screenshots = showcases.flatMap(({ pluginId, screenshots }) =>
    screenshots.map((shot, position) => ({ pluginId, position, ...shot })),
  );
  const videos = showcases.flatMap(({ pluginId, video }) => (video ? [{ pluginId, url: video }] : []));
  const notes = showcases.flatMap(({ pluginId, changelog }) =>
    changelog.map((entry) => ({ pluginId, ...entry })),
  );
  if (screenshots.length > 0) await tx.insert(pluginScreenshots).values(screenshots);
  if (videos.length > 0) await tx.insert(pluginVideos).values(videos);
  if (notes.length > 0) await tx.insert(pluginChangelogNotes).values(notes);
}

/** The screenshots of these plugins, in their order (one statement). */
export function findScreenshots(db: HandedDb, pluginIds: number[]) {
  return db
    .select()
    .from(pluginScreenshots)
    .where(inArray(pluginScreenshots.pluginId, pluginIds))
    .orderBy(asc(pluginScreenshots.pluginId), asc(pluginScreenshots.position));
}

export function findVideos(db: HandedDb, pluginIds: number[]) {
  return db.select().from(pluginVideos).where(inArray(pluginVideos.pluginId, pluginIds));
}

/**
 * The newest CHANGELOG_VERSIONS published versions of each plugin with their dates and the notes
 * plugins.json gives for them, newest first (one statement; plugin_versions_plugin_id_idx).
 */
export async function findChangelogs(db: HandedDb, pluginIds: number[]) {
  const ranked = db
    .select({
      pluginId: pluginVersions.pluginId,
      version: pluginVersions.version,
      publishedAt: pluginVersions.createdAt,
      id: pluginVersions.id,
      rank: sql<number>`row_number() over (partition by ${pluginVersions.pluginId} order by ${pluginVersions.id} desc)`.as(
        'rank',
      ),
    })
    .from(pluginVersions)
    .where(inArray(pluginVersions.pluginId, pluginIds))
    .as('ranked');
  return db
    .select({
      pluginId: ranked.pluginId,
      version: ranked.version,
      publishedAt: ranked.publishedAt,
      notes: pluginChangelogNotes.notes,
    })
    .from(ranked)
    .leftJoin(
      pluginChangelogNotes,
      and(
        eq(pluginChangelogNotes.pluginId, ranked.pluginId),
        eq(pluginChangelogNotes.version, ranked.version),
      ),
    )
    .where(sql`${ranked.rank} <= ${CHANGELOG_VERSIONS}`)
    .orderBy(asc(ranked.pluginId), sql`${ranked.id} desc`);
}

/** Whether a screenshot of a registered plugin is stored under `sha256` (as its large or small size). */
export async function isPublishedScreenshot(db: HandedDb, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(pluginScreenshots)
    .where(or(eq(pluginScreenshots.imageSha256, sha256), eq(pluginScreenshots.thumbSha256, sha256)))
    .limit(1);
  return row !== undefined;
}
