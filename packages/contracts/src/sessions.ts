import { idParam } from './ids.ts';
import { z } from './zod.ts';

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

// Staff and admin session calls (spec §7 Sessions, §8 toasts); decision 0027.

export const SESSION_DELETED_MESSAGE = 'Session deleted!';
export const SESSION_KILLED_MESSAGE = 'Session killed!';
export const SESSIONS_FLUSHED_MESSAGE = 'Database flushed!';
export const SESSION_DISCONNECTED_MESSAGE = 'Disconnected!';

const SESSION_ID_MESSAGE = 'The session id must look like 123e4567-e89b-12d3-a456-426614174000.';
/** Any 8-4-4-4-12 hex string: PostgreSQL's uuid accepts every version, so the contract does too. */
export const sessionIdField = z
  .string({ error: SESSION_ID_MESSAGE })
  .trim()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, SESSION_ID_MESSAGE)
  .transform((id) => id.toLowerCase());

/** PUT /sessions (delete one) and PUT /sessions/kill. */
export const sessionIdBody = z.object({ id: sessionIdField });

/** DELETE /sessions/disconnect?id */
export const sessionIdQuery = z.object({ id: sessionIdField });

/** What a staff session call did: the §8 toast text, and how many sessions it ended. */
export const endedSessionsResponse = z.object({
  message: z.string(),
  ended: z.number().int().min(0),
});
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponse>;
