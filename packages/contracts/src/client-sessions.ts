import { formatLongDate } from './format.ts';
import { z } from './zod.ts';

// ---------------------------------------------------------------------------------------------
// Game-client sessions (client base, docs/client-api.md §4)

export const SESSION_ENDED_MESSAGE = 'This session has ended. Open a new one.';
export const sessionLimitMessage = (pluginName: string, running: number, max: number) =>
  `You have reached your session limit for ${pluginName} (${running} of ${max} running).`;
export const notEntitledMessage = (pluginName: string) => `You are not entitled to ${pluginName}.`;
/** A plugin the user holds through a paused subscription (issue 34, item 4): when it comes back. */
export const pausedUntilMessage = (pluginName: string, until: Date) =>
  `${pluginName} is paused until ${formatLongDate(until, 'UTC')}.`;
export const UNKNOWN_PLUGIN_MESSAGE = 'There is no plugin with this id.';

const PLUGIN_ID_MESSAGE = 'The plugin id must be 0, 65535, 65536 or a plugin id.';
export const openClientSessionBody = z.object({
  pluginId: z
    .number({ error: PLUGIN_ID_MESSAGE })
    .int(PLUGIN_ID_MESSAGE)
    .min(0, PLUGIN_ID_MESSAGE)
    .max(2_147_483_647, PLUGIN_ID_MESSAGE),
});

export const clientSessionOpenedResponse = z.object({
  sessionId: z.uuid(),
  pluginId: z.number().int(),
  pluginName: z.string(),
  heartbeatSeconds: z.number().int(),
  timeoutSeconds: z.number().int(),
});
export type ClientSessionOpenedResponse = z.infer<typeof clientSessionOpenedResponse>;

export const clientSessionParams = z.object({
  sessionId: z.uuid({ error: SESSION_ENDED_MESSAGE }),
});

export const heartbeatResponse = z.object({ sessionId: z.uuid(), lastUpdate: z.iso.datetime() });

export const clientSessionResponse = z.object({
  sessionId: z.uuid(),
  pluginId: z.number().int(),
  pluginName: z.string(),
  createdAt: z.iso.datetime(),
  lastUpdate: z.iso.datetime(),
});
export const clientSessionsResponse = z.array(clientSessionResponse);
export type ClientSessionResponse = z.infer<typeof clientSessionResponse>;
