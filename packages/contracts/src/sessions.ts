import { idParam } from './ids.ts';
import { z } from './zod.ts';

/** How long a game-client session counts as running without a heartbeat. */
export const SESSION_STALE_AFTER_MS = 10 * 60_000;

/** One row of the account page's "Session information": running sessions and the allowed maximum (0 = unlimited). */
export const sessionSummaryResponse = z.object({
  pluginId: z.number().int(),
  pluginName: z.string(),
  active: z.number().int().min(0),
  max: z.number().int().min(0),
});
export const sessionSummariesResponse = z.array(sessionSummaryResponse);
export type SessionSummary = z.infer<typeof sessionSummaryResponse>;

export const sessionsOfUserParams = z.object({
  id: idParam('user'),
});

export const SESSIONS_CLEARED_MESSAGE = 'Sessions cleared!';

/** DELETE /sessions: how many of the caller's sessions were ended. */
export const resetSessionsResponse = z.object({ deleted: z.number().int().min(0) });
export type ResetSessionsResponse = z.infer<typeof resetSessionsResponse>;
