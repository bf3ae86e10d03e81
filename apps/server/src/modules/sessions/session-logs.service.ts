import { totalPagesOf } from '@ember/contracts/paging';
import type { SessionLogPage, sessionLogsQuery } from '@ember/contracts/session-logs';
import type { z } from 'zod';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import type { Db } from './db.ts';
import { findSessionLogsListing } from './session-logs-page.repository.ts';

type SessionLogsRequest = z.output<typeof sessionLogsQuery>;

/**
 * GET /session-logs (STAFF, ADMIN): one row per session, newest update first, and how long rows
 * are kept (the partition upkeep drops them after `retentionDays`, session-log-upkeep.ts).
 */
export function createSessionLogsService({
  db,
  clock,
  retentionDays,
}: {
  db: Db;
  clock: () => Date;
  retentionDays: number;
}) {
  return {
    async page(principal: Principal, query: SessionLogsRequest): Promise<SessionLogPage> {
      authorize(principal, 'session-log:read');
      const filters = { discordId: query.discordId };
      const page = { page: query.page, size: query.size };
      const { rows, total } = await findSessionLogsListing(db, filters, page, clock());
      return {
        content: rows.map((row) => ({ ...row, lastUpdate: row.lastUpdate.toISOString() })),
        totalPages: totalPagesOf(total, query.size),
        retentionDays,
      };
    },
  };
}

export type SessionLogsService = ReturnType<typeof createSessionLogsService>;
