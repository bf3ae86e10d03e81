import { z } from 'zod';

// The fields of a plugins.json entry that show on the plan page (issue 35, decision 0050):
// screenshots, a video link and changelog notes. Spread into the entry's schema by
// plugins-manifest.ts, so their problems read like every other field's ('plugins[0].screenshots[1].alt is required').

export const MAX_SCREENSHOTS = 8;
/** Hosts a video link may point at: a link to anywhere else would be a link the store vouches for. */
export const VIDEO_HOSTS = ['youtube.com', 'www.youtube.com', 'youtu.be', 'vimeo.com', 'www.vimeo.com'];

const textOf = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});

const imagePath = z
  .string(textOf('a path inside the repository'))
  .min(1, 'is required')
  .max(300, 'can be at most 300 characters')
  .refine(
    (value) =>
      !value.startsWith('/') &&
      !value.includes('\\') &&
      value.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    'must be a relative path inside the repository, like media/screenshot.png',
  );

const screenshot = z.object(
  {
    path: imagePath,
    alt: z
      .string(textOf('text'))
      .trim()
      .min(1, 'is required: describe the picture for people who cannot see it')
      .max(200, 'can be at most 200 characters'),
  },
  textOf('an object with path and alt'),
);

const videoUrl = z
  .string(textOf('a link'))
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
    version: z.string(textOf('text')).trim().min(1, 'is required').max(50, 'can be at most 50 characters'),
    notes: z.string(textOf('text')).trim().min(1, 'is required').max(2000, 'can be at most 2000 characters'),
  },
  textOf('an object with version and notes'),
);

export const showcaseFields = {
  screenshots: z
    .array(screenshot, textOf('a list'))
    .max(MAX_SCREENSHOTS, `can list at most ${MAX_SCREENSHOTS} screenshots`)
    .default([]),
  video: videoUrl.optional(),
  changelog: z
    .array(changelogEntry, textOf('a list'))
    .max(100, 'can list at most 100 versions')
    .refine(
      (entries) => new Set(entries.map((entry) => entry.version)).size === entries.length,
      'lists a version twice',
    )
    .default([]),
};
