import type { Action } from '@ember/contracts/policy';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import type { Db, HandedDb } from './db.ts';

type Snapshot = Parameters<typeof changedFields>[0];

/** How a plan or a price is read for a change and what of it the audit trail keeps. */
interface OwnedRecord<Row extends { ownerId: number }> {
  kind: 'PLAN' | 'PRICE';
  /** The record in the change's transaction; throws NotFound when there is none. */
  existing: (tx: HandedDb, id: number) => Promise<Row>;
  /** The record after the change (null once the change removed it). */
  reread: (tx: HandedDb, id: number) => Promise<Row | null>;
  audited: (row: Row) => Snapshot;
}

/**
 * Makes an allowed change to a plan or a price in one transaction; a staff change (an admin's, or
 * anyone's on one that is not theirs) goes on the audit trail with the fields it changed. Every
 * committed change drops the 'catalog' caches.
 */
export function ownedChanges<Row extends { ownerId: number }>(
  { db, caches }: { db: Db; caches: CacheInvalidation },
  { kind, existing, reread, audited }: OwnedRecord<Row>,
) {
  return async (
    caller: Caller,
    id: number,
    action: Action,
    change: (tx: HandedDb, row: Row) => Promise<void>,
  ): Promise<void> => {
    await db.transaction(async (tx) => {
      const before = await existing(tx, id);
      const role = authorize(caller, action, { ownerId: before.ownerId });
      await change(tx, before);
      if (!isStaffAction(caller, role, { ownerId: before.ownerId })) return;
      const after = await reread(tx, id);
      const changes = after
        ? changedFields(audited(before), audited(after))
        : { before: audited(before), after: null };
      await recordAudit(tx, actorOf(caller, role), { action, target: { kind, id }, ...changes });
    });
    await caches.invalidate('catalog');
  };
}
