import type { AuditEventPage, auditEventsQuery } from '@ember/contracts/audit';
import { auditEventLabel } from '@ember/contracts/audit-labels';
import { totalPagesOf } from '@ember/contracts/paging';
import type { z } from 'zod';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { countAuditEvents, findAuditEventsPage } from './audit-events.repository.ts';
import type { Db, HandedDb } from './db.ts';

/** The names of accounts, by id. The users module answers it; audit sits below users. */
export type ActorNames = (
  db: HandedDb,
  ids: number[],
) => Promise<Map<number, { username: string; displayName: string }>>;

/** Whom each payout pays, by payout id. The payouts module answers it. */
export type PayeeNames = (db: HandedDb, payoutIds: number[]) => Promise<Map<number, string>>;

/** The whole numbers among target ids of one kind (ids are text: a job's is a UUID). */
const numericIds = (rows: { targetKind: string; targetId: string }[], kind: string): number[] => [
  ...new Set(
    rows.flatMap(({ targetKind, targetId }) =>
      targetKind === kind && /^\d{1,9}$/.test(targetId) ? [Number(targetId)] : [],
    ),
  ),
];

/** The admins' view of the audit trail. */
export function createAuditEventsService({
  db,
  actorNames,
  payeeNames,
}: {
  db: Db;
  actorNames: ActorNames;
  payeeNames: PayeeNames;
}) {
  return {
    /**
     * One page of events, each in words. The names on a page are read in two queries whatever its
     * size: every account (actors and USER targets) at once, and every payout's payee at once.
     */
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
      const accountIds = [
        ...new Set([
          ...rows.flatMap(({ actorId }) => (actorId === null ? [] : [actorId])),
          ...numericIds(rows, 'USER'),
        ]),
      ];
      const payoutIds = numericIds(rows, 'PAYOUT');
      const [accounts, payees] = await Promise.all([
        accountIds.length === 0 ? new Map() : actorNames(db, accountIds),
        payoutIds.length === 0 ? new Map<number, string>() : payeeNames(db, payoutIds),
      ]);
      const accountName = (id: number): string | null => {
        const account = accounts.get(id);
        return account ? account.displayName || account.username : null;
      };
      const targetNameOf = (kind: string, id: string): string | null => {
        if (!/^\d{1,9}$/.test(id)) return null;
        if (kind === 'USER') return accountName(Number(id));
        if (kind === 'PAYOUT') return payees.get(Number(id)) ?? null;
        return null;
      };
      return {
        content: rows.map(({ actorId, createdAt, ...event }) => ({
          ...event,
          label: auditEventLabel({ ...event, targetName: targetNameOf(event.targetKind, event.targetId) }),
          actor:
            actorId === null
              ? null
              : {
                  id: actorId,
                  username: accounts.get(actorId)?.username ?? '',
                  displayName: accounts.get(actorId)?.displayName ?? '',
                },
          createdAt: new Date(createdAt).toISOString(),
        })),
        totalPages: totalPagesOf(total, size),
      };
    },
  };
}

export type AuditEventsService = ReturnType<typeof createAuditEventsService>;
