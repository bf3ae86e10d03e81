import type { AuditEventPage, auditEventsQuery } from '@ember/contracts/audit';
import { totalPagesOf } from '@ember/contracts/paging';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { countAuditEvents, findAuditEventsPage } from './audit-events.repository.ts';

/** The admins' view of the audit trail. */
export function createAuditEventsService({ db }: { db: Db }) {
  return {
    async listEvents(
      principal: Principal,
      query: z.output<typeof auditEventsQuery>,
    ): Promise<AuditEventPage> {
      authorize(principal, 'audit:read');
      const { page, size, ...filters } = query;
      const [rows, total] = await Promise.all([
        findAuditEventsPage(db, filters, { page, size }),
        countAuditEvents(db, filters),
      ]);
      return {
        content: rows.map(({ actorId, actorUsername, actorDisplayName, createdAt, ...event }) => ({
          ...event,
          actor:
            actorId === null
              ? null
              : { id: actorId, username: actorUsername ?? '', displayName: actorDisplayName ?? '' },
          createdAt: new Date(createdAt).toISOString(),
        })),
        totalPages: totalPagesOf(total, size),
      };
    },
  };
}

export type AuditEventsService = ReturnType<typeof createAuditEventsService>;
