import { type PluginShowcase, screenshotUrl } from '@ember/contracts/plugin-showcase';
import { plugins } from '@ember/db/schema/delivery';
import { inArray } from 'drizzle-orm';
import type { HandedDb } from './db.ts';
import { findChangelogs, findScreenshots, findVideos } from './plugin-showcase.repository.ts';

const groupBy = <T extends { pluginId: number }>(rows: T[]) => {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.pluginId, [...(groups.get(row.pluginId) ?? []), row]);
  return groups;
};

const isoOf = (value: Date | string) => new Date(value).toISOString();

/**
 * What the plan page shows of these plugins (issue 35): version, last update, changelog,
 * screenshots and video, in four statements whatever the number of plugins.
 */
export async function findPluginShowcases(db: HandedDb, pluginIds: number[]): Promise<PluginShowcase[]> {
  const ids = [...new Set(pluginIds)];
  if (ids.length === 0) return [];
  const [rows, changelogs, screenshots, videos] = await Promise.all([
    db
      .select({ id: plugins.id, name: plugins.name, version: plugins.version })
      .from(plugins)
      .where(inArray(plugins.id, ids))
      .orderBy(plugins.name, plugins.id),
    findChangelogs(db, ids).then(groupBy),
    findScreenshots(db, ids).then(groupBy),
    findVideos(db, ids).then((found) => new Map(found.map((video) => [video.pluginId, video.url]))),
  ]);
  return rows.map((plugin) => {
    const changelog = (changelogs.get(plugin.id) ?? []).map((entry) => ({
      version: entry.version,
      publishedAt: isoOf(entry.publishedAt),
      notes: entry.notes,
    }));
    return {
      pluginId: plugin.id,
      name: plugin.name,
      version: plugin.version,
      updatedAt: changelog[0]?.publishedAt ?? null,
      changelog,
      screenshots: (screenshots.get(plugin.id) ?? []).map((shot) => ({
        imageUrl: screenshotUrl(shot.imageSha256),
        imageWidth: shot.imageWidth,
        imageHeight: shot.imageHeight,
        thumbUrl: screenshotUrl(shot.thumbSha256),
        thumbWidth: shot.thumbWidth,
        thumbHeight: shot.thumbHeight,
        alt: shot.alt,
      })),
      videoUrl: videos.get(plugin.id) ?? null,
    };
  });
}
