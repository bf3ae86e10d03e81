import { idParam } from './ids.ts';
import { queryList } from './paging.ts';
import { z } from './zod.ts';

// Sub counts: catalog contracts, re-exported by catalog.ts (spec §7).

/**
 * Active subscriptions of a price. `hidden` mirrors !exposeSubCount: then `subCount`, `occupancy`
 * and `expiring` are null for everyone but the owner and admins, while `full` is always told.
 */
export const subCountResponse = z.object({
  priceId: z.number().int(),
  subCount: z.number().int().nullable(),
  /** subCount / slots from 0 to 1; null without slots. */
  occupancy: z.number().min(0).max(1).nullable(),
  slots: z.number().int().nullable(),
  hidden: z.boolean(),
  full: z.boolean(),
  /** When the next active subscription runs out (ISO); null when none will. */
  expiring: z.iso.datetime().nullable(),
});
export type SubCount = z.infer<typeof subCountResponse>;
export const subCountsResponse = z.array(subCountResponse);

export const subCountsQuery = z.object({
  ids: queryList(idParam('price'), { max: 100, tooMany: 'Ask for at most 100 prices at once.' }),
});

/** Spec §4 price slot states: no slots, limited and visible ('N of M'), limited and hidden, full. */
export type SlotState = 'none' | 'visible' | 'hidden' | 'full';

export function slotState(subCount: Pick<SubCount, 'slots' | 'full' | 'hidden'>): SlotState {
  if (subCount.slots === null) return 'none';
  if (subCount.full) return 'full';
  return subCount.hidden ? 'hidden' : 'visible';
}
