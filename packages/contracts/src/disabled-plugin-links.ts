import { idParam } from './ids.ts';
import { z } from './zod.ts';

// A subscriber switches a plugin of one of their subscriptions off and on (spec §3 Disabled plugin
// link, §7 `GET, POST and DELETE /disabled-plugin-links?subscriptionId&pluginLinkId`).

/** GET /disabled-plugin-links?subscriptionId */
export const disabledPluginLinksQuery = z.object({ subscriptionId: idParam('subscription') });

/** POST and DELETE /disabled-plugin-links?subscriptionId&pluginLinkId */
export const disabledPluginLinkQuery = z.object({
  subscriptionId: idParam('subscription'),
  pluginLinkId: idParam('plugin link'),
});

export const disabledPluginLinkResponse = z.object({
  subscriptionId: z.number().int(),
  pluginLinkId: z.number().int(),
  pluginId: z.number().int(),
  pluginName: z.string(),
  /** When it was switched off. */
  createdAt: z.iso.datetime(),
});
export type DisabledPluginLinkResponse = z.infer<typeof disabledPluginLinkResponse>;

export const disabledPluginLinksResponse = z.array(disabledPluginLinkResponse);
