import { type AuditEventPage, auditEventPageResponse } from '@ember/contracts/audit';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

/** Every cached page of the audit trail. */

export interface AuditEventsParams {
  /** From 0. */
  page: number;
  size: number;
  /** The acting user's id; '' for anyone. */
  actorId: string;
  /** e.g. USER, PLAN; '' for any. */
  targetKind: string;
  /** With a kind only; '' for any. */
  targetId: string;
  /** e.g. user:ban; '' for any. */
  action: string;
  /** Events at or after this instant (ISO); '' for no start. */
  from: string;
  /** Events before this instant (ISO); '' for no end. */
  to: string;
}

/** GET shop /admin/audit-events (admins): every recorded staff action, newest first. */
export function getAuditEvents({
  page,
  size,
  actorId,
  targetKind,
  targetId,
  action,
  from,
  to,
}: AuditEventsParams): Promise<AuditEventPage> {
  return apiFetch('shop', '/admin/audit-events', auditEventPageResponse, {
    query: {
      page,
      size,
      actorId: actorId || undefined,
      targetKind: targetKind || undefined,
      targetId: targetKind && targetId ? targetId : undefined,
      action: action || undefined,
      from: from || undefined,
      to: to || undefined,
    },
  });
}

export const auditEventsQueryOptions = keyedQueryOptions(adminKeys.auditEventsPage, getAuditEvents);

/** Keeps the page on screen while the next one loads. */
export const useAuditEvents = (params: AuditEventsParams) => usePagedQuery(auditEventsQueryOptions(params));
