import { planResponse } from './catalog.ts';
import { idParam } from './ids.ts';
import { z } from './zod.ts';

// A developer's public page (issue 35): "By {developer}" on a plan links here (decision 0062).

export const DEVELOPER_NOT_FOUND_MESSAGE = 'No developer with that id has plans in the shop.';
/** At most this many of the developer's plans on sale are listed, most popular first. */
export const DEVELOPER_PLANS_LIMIT = 50;

export const developerIdParams = z.object({ id: idParam('developer') });

/** How often the developer's plugins get a new version, from the dates the store published them. */
export const updateRhythmResponse = z.object({
  /** Versions the store published of the developer's plugins. */
  versions: z.number().int().nonnegative(),
  /** When the newest was published; null before the first. */
  lastPublishedAt: z.string().nullable(),
  /** The median number of days between a plugin's consecutive versions, whole days, at least 1; null under two versions of one plugin. */
  everyDays: z.number().int().positive().nullable(),
});
export type UpdateRhythm = z.infer<typeof updateRhythmResponse>;

/** GET /developers/{id}: who they are, since when they publish, their plans on sale and how often they update. */
export const developerProfileResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When their first plan was created in the store. */
  publishingSince: z.string(),
  plans: z.array(planResponse),
  updates: updateRhythmResponse,
});
export type DeveloperProfile = z.infer<typeof developerProfileResponse>;

const DAY_MS = 86_400_000;

/**
 * The update rhythm from each plugin's version dates: the median gap between consecutive versions
 * of the same plugin (a median, so one long pause or a burst of fixes on one day does not decide it),
 * rounded to whole days, at least 1.
 */
export function updateRhythmOf(versionDatesByPlugin: ReadonlyArray<ReadonlyArray<Date>>): UpdateRhythm {
  const gaps: number[] = [];
  let versions = 0;
  let last: Date | null = null;
  for (const dates of versionDatesByPlugin) {
    const sorted = [...dates].sort((a, b) => a.getTime() - b.getTime());
    versions += sorted.length;
    for (const [index, date] of sorted.entries()) {
      const previous = sorted[index - 1];
      if (previous) gaps.push(date.getTime() - previous.getTime());
      if (!last || date > last) last = date;
    }
  }
  gaps.sort((a, b) => a - b);
  const middle = gaps.length / 2;
  const median =
    gaps.length === 0
      ? null
      : gaps.length % 2 === 1
        ? (gaps[Math.floor(middle)] as number)
        : ((gaps[middle - 1] as number) + (gaps[middle] as number)) / 2;
  return {
    versions,
    lastPublishedAt: last ? last.toISOString() : null,
    everyDays: median === null ? null : Math.max(1, Math.round(median / DAY_MS)),
  };
}

/** "Updates about every 9 days", or what there is to say without two versions of one plugin. */
export function updateRhythmText({ versions, everyDays }: UpdateRhythm): string {
  if (everyDays !== null)
    return everyDays === 1 ? 'Updates about every day' : `Updates about every ${everyDays} days`;
  return versions === 0 ? 'No versions published yet' : 'No updates since the first version yet';
}
