import { z } from './zod.ts';

// What the plan page shows of each included plugin besides its name (issue 35, decision 0050): the
// current version, when it was last updated, its changelog, screenshots and a video link.

export const screenshotResponse = z.object({
  /** The large WebP, `/media/screenshots/{sha256}.webp` (immutable). */
  imageUrl: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  thumbUrl: z.string(),
  thumbWidth: z.number().int(),
  thumbHeight: z.number().int(),
  alt: z.string(),
});
export type Screenshot = z.infer<typeof screenshotResponse>;

export const changelogEntryResponse = z.object({
  version: z.string(),
  publishedAt: z.iso.datetime(),
  /** The developer's notes for this version from plugins.json; null without. */
  notes: z.string().nullable(),
});

export const pluginShowcaseResponse = z.object({
  pluginId: z.number().int(),
  name: z.string(),
  version: z.string(),
  /** When the store published its newest version (null: never published through an update). */
  updatedAt: z.iso.datetime().nullable(),
  /** The newest published versions first (at most 10). */
  changelog: z.array(changelogEntryResponse),
  screenshots: z.array(screenshotResponse),
  videoUrl: z.string().nullable(),
});
export type PluginShowcase = z.infer<typeof pluginShowcaseResponse>;

/** The address of a screenshot's stored WebP. */
export const screenshotUrl = (sha256: string) => `/media/screenshots/${sha256}.webp`;
