import type { Actor } from '../../policy/identity.ts';
import { recordAudit, SYSTEM_ACTOR } from '../audit/index.ts';
import type { HandedDb } from './db.ts';
import { addNeedsStaff, clearNeedsStaff } from './orders.repository.ts';

/**
 * Money arrived or went in a way the store cannot settle alone (issue 24, item 3): the order is
 * flagged for staff, in the transaction of its cause, with an audit event. The same reason twice
 * (a redelivered event) changes nothing and records nothing.
 */
export async function flagForStaff(
  tx: HandedDb,
  orderId: number,
  reason: string,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  const { previous, next } = await addNeedsStaff(tx, orderId, reason, now);
  if (previous === next) return;
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: 'order:needs-staff',
    target: { kind: 'ORDER', id: orderId },
    before: { needsStaff: previous },
    after: { needsStaff: next, reason, ...details },
  });
}

/** Staff settled what the order needed them for; false when it needed nothing. */
export async function resolveForStaff(tx: HandedDb, orderId: number, actor: Actor) {
  const reason = await clearNeedsStaff(tx, orderId);
  if (reason === null) return false;
  await recordAudit(tx, actor, {
    action: 'order:resolve',
    target: { kind: 'ORDER', id: orderId },
    before: { needsStaff: reason },
    after: { needsStaff: null },
  });
  return true;
}
