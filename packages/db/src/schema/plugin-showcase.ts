import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { SHA256_HEX_PATTERN } from './columns.ts';
import { plugins } from './delivery.ts';

// What a buyer judges a plugin by besides its name (issue 35, decision 0050): the screenshots, the
// video link and the changelog notes that plugins.json gives. Each repository update that
// registers a plugin replaces its rows with what the file says now.

/** A screenshot checked and resized by a repository update: two web sizes in the blob store. */
export const pluginScreenshots = pgTable(
  'plugin_screenshots',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    /** 0 first, in the order plugins.json lists them. */
    position: integer('position').notNull(),
    alt: text('alt').notNull(),
    /** Content address of the large WebP (at most 1600×1000). */
    imageSha256: text('image_sha256').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    /** Content address of the thumbnail WebP (at most 480×300). */
    thumbSha256: text('thumb_sha256').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
  },
  (t) => [
    primaryKey({ name: 'plugin_screenshots_pkey', columns: [t.pluginId, t.position] }),
    index('plugin_screenshots_image_sha256_idx').on(t.imageSha256),
    index('plugin_screenshots_thumb_sha256_idx').on(t.thumbSha256),
    check('plugin_screenshots_image_sha256_format', sql`${t.imageSha256} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`),
    check('plugin_screenshots_thumb_sha256_format', sql`${t.thumbSha256} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`),
  ],
);

/** The short video link plugins.json gives a plugin (https, a video host: decision 0050). */
export const pluginVideos = pgTable('plugin_videos', {
  pluginId: integer('plugin_id')
    .primaryKey()
    .references(() => plugins.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
});

/** The developer's notes for a version; the plan page joins them to the versions the store published. */
export const pluginChangelogNotes = pgTable(
  'plugin_changelog_notes',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    notes: text('notes').notNull(),
  },
  (t) => [primaryKey({ name: 'plugin_changelog_notes_pkey', columns: [t.pluginId, t.version] })],
);

export type PluginScreenshot = typeof pluginScreenshots.$inferSelect;
