import { totalPagesOf } from '@ember/contracts/paging';
import type { SessionLogPage, sessionLogsQuery } from '@ember/contracts/session-logs';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { countSessionLogs, findSessionLogsPage } from './session-logs.repository.ts';

type SessionLogsRequest = z.output<typeof sessionLogsQuery>;

/** GET /session-logs (STAFF, ADMIN): every session open and heartbeat, newest first. */
export function createSessionLogsService({ db }: { db: Db }) {
  return {
    async page(principal: Principal, query: SessionLogsRequest): Promise<SessionLogPage> {
      authorize(principal, 'session-log:read');
      const filters = { discordId: query.discordId };
      const page = { page: query.page, size: query.size };
      const [rows, total] = await Promise.all([
        findSessionLogsPage(db, filters, page),
        countSessionLogs(db, filters, page),
      ]);
      return {
        content: rows.map((row) => ({ ...row, lastUpdate: row.lastUpdate.toISOString() })),
        totalPages: totalPagesOf(total, query.size),
      };
    },
  };
}

export type SessionLogsService = ReturnType<typeof createSessionLogsService>;
