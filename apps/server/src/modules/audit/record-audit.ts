import { auditEvents } from '@ember/db/schema/audit';
import type { Actor } from '../../policy/identity.ts';
import type { HandedDb } from './db.ts';

export const SYSTEM_ACTOR: Actor = { userId: null, role: 'SYSTEM', requestId: null, ip: null };

export interface AuditEntry {
  /** Policy action name, e.g. `subscription:refund`. */
  action: string;
  target: { kind: string; id: string | number };
  /** What changed, before and after; only the fields that changed. */
  before?: unknown;
  after?: unknown;
}

/** Appends one audit event; call it with the transaction of the change it describes. */
export async function recordAudit(tx: HandedDb, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: actor.userId,
    actorRole: actor.role,
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: String(entry.target.id),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}
