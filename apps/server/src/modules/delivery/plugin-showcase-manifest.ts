import { z } from 'zod';
import { repositoryPath, required, requiredText } from './manifest-fields.ts';

// The fields of a plugins.json entry that show on the plan page (issue 35, decision 0050):
// screenshots, a video link and changelog notes. Spread into the entry's schema by
// plugins-manifest.ts, so their problems read like every other field's ('plugins[0].screenshots[1].alt is required').

export const MAX_SCREENSHOTS = 8;
/** Hosts a video link may point at: a link to anywhere else would be a link the store vouches for. */
export const VIDEO_HOSTS = ['youtube.com', 'www.youtube.com', 'youtu.be', 'vimeo.com', 'www.vimeo.com'];

const screenshot = z.object(
  {
    path: repositoryPath('media/screenshot.png'),
    alt: z
      .string(required('text'))
      .trim()
      .min(1, 'is required: describe the picture for people who cannot see it')
      .max(200, 'can be at most 200 characters'),
  },
  required('an object with path and alt'),
);

const videoUrl = z
  .string(required('a link'))
  .trim()
  .max(300, 'can be at most 300 characters')
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && VIDEO_HOSTS.includes(url.hostname) && !url.username;
      } catch {
        return false;
      }
    },
    `must be an https link to ${VIDEO_HOSTS.filter((host) => !host.startsWith('www.')).join(', ')}`,
  );

const changelogEntry = z.object(
  {
    version: requiredText(50),
    notes: requiredText(2000),
  },
  required('an object with version and notes'),
);

export const showcaseFields = {
  screenshots: z
    .array(screenshot, required('a list'))
    .max(MAX_SCREENSHOTS, `can list at most ${MAX_SCREENSHOTS} screenshots`)
    .default([]),
  video: videoUrl.optional(),
  changelog: z
    .array(changelogEntry, required('a list'))
    .max(100, 'can list at most 100 versions')
    .refine(
      (entries) => new Set(entries.map((entry) => entry.version)).size === entries.length,
      'lists a version twice',
    )
    .default([]),
};
