import type { DeviceAuthorizationStatus } from '@ember/contracts/enums';
import { deviceAuthorizations } from '@ember/db/schema/client-access';
import { and, eq, gt, lt } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// Tables: device_authorizations (owned).

export async function insertDeviceAuthorization(
  db: HandedDb,
  values: {
    deviceCodeHash: string;
    userCode: string;
    clientName: string;
    requestedFrom: string | null;
    intervalSeconds: number;
    expiresAt: Date;
  },
) {
  await db.insert(deviceAuthorizations).values(values);
}

/** The request that shows this user code and can still be decided: pending and not expired. */
const pendingWithUserCode = (userCode: string, now: Date) =>
  and(
    eq(deviceAuthorizations.userCode, userCode),
    eq(deviceAuthorizations.status, 'PENDING'),
    gt(deviceAuthorizations.expiresAt, now),
  );

/** Whether a pending, unexpired request already shows this user code. */
export async function isUserCodeInUse(db: HandedDb, userCode: string, now: Date) {
  const rows = await db
    .select({ id: deviceAuthorizations.id })
    .from(deviceAuthorizations)
    .where(pendingWithUserCode(userCode, now))
    .limit(1);
  return rows.length > 0;
}

/** The request polled with this device code, locked until the transaction ends. */
export function lockByDeviceCode(tx: HandedDb, deviceCodeHash: string) {
  return firstRowOrNull(
    tx
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, deviceCodeHash))
      .for('update'),
  );
}

export async function updateDeviceAuthorization(
  tx: HandedDb,
  id: number,
  values: Partial<{
    status: DeviceAuthorizationStatus;
    lastPolledAt: Date;
    intervalSeconds: number;
    clientTokenId: number;
  }>,
) {
  await tx.update(deviceAuthorizations).set(values).where(eq(deviceAuthorizations.id, id));
}

/** The pending, unexpired request showing this user code. */
export function findPendingByUserCode(db: HandedDb, userCode: string, now: Date) {
  return firstRowOrNull(
    db
      .select({
        id: deviceAuthorizations.id,
        userCode: deviceAuthorizations.userCode,
        clientName: deviceAuthorizations.clientName,
        requestedFrom: deviceAuthorizations.requestedFrom,
        createdAt: deviceAuthorizations.createdAt,
        expiresAt: deviceAuthorizations.expiresAt,
      })
      .from(deviceAuthorizations)
      .where(pendingWithUserCode(userCode, now))
      .limit(1),
  );
}

/** Approves or denies a pending, unexpired request; false when there is none (any more). */
export async function decidePending(
  db: HandedDb,
  userCode: string,
  decision: { status: 'APPROVED' | 'DENIED'; userId: number },
  now: Date,
) {
  const rows = await db
    .update(deviceAuthorizations)
    .set(decision)
    .where(pendingWithUserCode(userCode, now))
    .returning({ id: deviceAuthorizations.id });
  return rows.length > 0;
}

/** Requests that expired before `before`: no client or website can use them any more. */
export async function deleteExpiredBefore(db: HandedDb, before: Date) {
  const rows = await db
    .delete(deviceAuthorizations)
    .where(lt(deviceAuthorizations.expiresAt, before))
    .returning({ id: deviceAuthorizations.id });
  return rows.length;
}
