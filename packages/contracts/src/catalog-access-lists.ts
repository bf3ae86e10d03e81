import { idParam } from './ids.ts';
import { z } from './zod.ts';

// Whitelists and blacklists of plans and prices: catalog contracts, re-exported by catalog.ts (spec §7).

/** Spec §5 message. */
export const DISCORD_ID_REQUIRED_MESSAGE = 'Please enter a discord id';

export const ACCESS_LISTS = ['whitelist', 'blacklist'] as const;
export type AccessList = (typeof ACCESS_LISTS)[number];

export const accessListEntryResponse = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  discordId: z.string(),
  username: z.string(),
  displayName: z.string(),
});
export type AccessListEntryResponse = z.infer<typeof accessListEntryResponse>;
export const accessListResponse = z.array(accessListEntryResponse);

export const accessListAddQuery = z.object({
  discordId: z.string({ error: DISCORD_ID_REQUIRED_MESSAGE }).trim().min(1, DISCORD_ID_REQUIRED_MESSAGE),
});
export const planListUserParams = z.object({ id: idParam('plan'), userId: idParam('user') });
export const priceListUserParams = z.object({ id: idParam('price'), userId: idParam('user') });
