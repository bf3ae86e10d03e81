import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { discordIdFilter } from './query-filters.ts';
import { z } from './zod.ts';

// GET shop /session-logs (STAFF, ADMIN): every session open and heartbeat, newest first (spec §2, §7).

export const sessionLogsQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  /** Only the rows of this account. */
  discordId: discordIdFilter,
});

export const sessionLogResponse = z.object({
  /** The log row's own id: a session has one row per open and heartbeat. */
  id: z.number().int(),
  sessionId: z.string(),
  discordId: z.string(),
  pluginName: z.string(),
  lastUpdate: z.iso.datetime(),
  /** The user was over their session limit at this point. */
  exceeded: z.boolean(),
});
export type SessionLogResponse = z.infer<typeof sessionLogResponse>;

export const sessionLogPageResponse = pageOf(sessionLogResponse);
export type SessionLogPage = z.infer<typeof sessionLogPageResponse>;
