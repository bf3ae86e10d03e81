import { asc } from 'drizzle-orm';
import { plugins } from '../../schema/delivery.ts';
import { pluginChangelogNotes, pluginVideos } from '../../schema/plugin-showcase.ts';
import type { SeedContext } from '../seed-context.ts';

/**
 * What the first demo plugins show on their plan page besides the version: the developer's notes
 * for the current version and a video link (decision 0050). Screenshots are left to repository
 * updates: their images live in the blob store, which the seed does not write.
 */
export async function seedPluginShowcase({ db }: SeedContext): Promise<void> {
  const [first, second] = await db
    .select({ id: plugins.id, version: plugins.version })
    .from(plugins)
    .orderBy(asc(plugins.id))
    .limit(2);
  if (!first || !second) return;
  await db.insert(pluginChangelogNotes).values([
    {
      pluginId: first.id,
      version: first.version,
      notes: 'Faster path search; the overlay remembers its place.',
    },
    { pluginId: second.id, version: second.version, notes: 'Works with the new bank layout.' },
  ]);
  await db
    .insert(pluginVideos)
    .values({ pluginId: first.id, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
}
