import { auditEvents } from '@ember/db/schema/audit';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { countedTotal } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

export interface AuditEventFilters {
  actorId?: number;
  targetKind?: string;
  targetId?: string;
  action?: string;
  /** At or after this instant (ISO 8601). */
  from?: string;
  /** Before this instant (ISO 8601). */
  to?: string;
}

function whereOf(filters: AuditEventFilters): SQL | undefined {
  return and(
    filters.actorId === undefined ? undefined : eq(auditEvents.actorId, filters.actorId),
    filters.targetKind === undefined ? undefined : eq(auditEvents.targetKind, filters.targetKind),
    filters.targetId === undefined ? undefined : eq(auditEvents.targetId, filters.targetId),
    filters.action === undefined ? undefined : eq(auditEvents.action, filters.action),
    filters.from === undefined ? undefined : gte(auditEvents.createdAt, new Date(filters.from)),
    filters.to === undefined ? undefined : lt(auditEvents.createdAt, new Date(filters.to)),
  );
}

/**
 * One page of events, newest first (ties by id). Each filter with the date range is a range of one
 * (column, created_at) index: actor, target, action; the range alone walks (created_at, id).
 */
export function findAuditEventsPage(
  db: HandedDb,
  filters: AuditEventFilters,
  page: { page: number; size: number },
) {
  return db
    .select({
      id: auditEvents.id,
      actorId: auditEvents.actorId,
      actorRole: auditEvents.actorRole,
      action: auditEvents.action,
      targetKind: auditEvents.targetKind,
      targetId: auditEvents.targetId,
      before: auditEvents.before,
      after: auditEvents.after,
      requestId: auditEvents.requestId,
      ip: auditEvents.ip,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(whereOf(filters))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.size)
    .offset(page.page * page.size);
}

/** How many events match (the page count); the query unexecuted, so its plan can be checked. */
export function countAuditEventsQuery(db: HandedDb, filters: AuditEventFilters) {
  return db.select({ total: count() }).from(auditEvents).where(whereOf(filters));
}

export function countAuditEvents(db: HandedDb, filters: AuditEventFilters): Promise<number> {
  return countedTotal(countAuditEventsQuery(db, filters));
}
