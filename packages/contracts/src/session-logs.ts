import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { discordIdFilter } from './query-filters.ts';
import { z } from './zod.ts';

// GET shop /session-logs (STAFF, ADMIN): one row per game-client session, newest update first
// (spec §2, §7; decision 0037).

export const sessionLogsQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  /** Only the rows of this account. */
  discordId: discordIdFilter,
});

export const sessionLogResponse = z.object({
  /** A session has one row, kept up to date by its heartbeats. */
  sessionId: z.string(),
  discordId: z.string(),
  pluginName: z.string(),
  lastUpdate: z.iso.datetime(),
  /** The user was over their session limit at some point of this session (its open or a heartbeat). */
  exceeded: z.boolean(),
});
export type SessionLogResponse = z.infer<typeof sessionLogResponse>;

export const sessionLogPageResponse = pageOf(sessionLogResponse).extend({
  /** How many days a session's row is kept after it started (SESSION_LOG_RETENTION_DAYS). */
  retentionDays: z.number().int().positive(),
});
export type SessionLogPage = z.infer<typeof sessionLogPageResponse>;
