import type { AuditEventPage, auditEventsQuery } from '@ember/contracts/audit';
import { totalPagesOf } from '@ember/contracts/paging';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { countAuditEvents, findAuditEventsPage } from './audit-events.repository.ts';

/** The names of the accounts that acted, by id. The users module answers it; audit sits below users. */
export type ActorNames = (
  db: Db,
  ids: number[],
) => Promise<Map<number, { username: string; displayName: string }>>;

/** The admins' view of the audit trail. */
export function createAuditEventsService({ db, actorNames }: { db: Db; actorNames: ActorNames }) {
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
      const actorIds = [...new Set(rows.flatMap(({ actorId }) => (actorId === null ? [] : [actorId])))];
      const names = actorIds.length === 0 ? new Map() : await actorNames(db, actorIds);
      return {
        content: rows.map(({ actorId, createdAt, ...event }) => ({
          ...event,
          actor:
            actorId === null
              ? null
              : {
                  id: actorId,
                  username: names.get(actorId)?.username ?? '',
                  displayName: names.get(actorId)?.displayName ?? '',
                },
          createdAt: new Date(createdAt).toISOString(),
        })),
        totalPages: totalPagesOf(total, size),
      };
    },
  };
}

export type AuditEventsService = ReturnType<typeof createAuditEventsService>;
