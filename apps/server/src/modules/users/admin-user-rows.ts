import type { AdminUserResponse } from '@ember/contracts/admin-users';
import { NotFound } from '../../lib/errors.ts';
import type { Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import type { HandedDb } from './db.ts';
import { accountCoreOf } from './users.service.ts';
import { type AdminUserRow, findAdminUser, lockAdminUser } from './users-admin.repository.ts';

// An account as the admins' user management reads, shows and audits it.

export const noUser = (id: number) => new NotFound(`No user with id ${id}.`);

export function toAdminUserResponse(row: AdminUserRow, now: Date): AdminUserResponse {
  return {
    ...accountCoreOf(row, now),
    earnings: row.earnings,
    transferredToId: row.transferredToId,
    heldAt: row.heldAt?.toISOString() ?? null,
  };
}

/** What the audit trail keeps of an account, before and after a staff action. */
export function snapshotOf(row: AdminUserRow) {
  return {
    discordId: row.discordId,
    username: row.username,
    balance: row.balance,
    earnings: row.earnings,
    enabled: row.enabled,
    vipUntil: row.vipUntil?.toISOString() ?? null,
    roles: row.roles,
    transferredToId: row.transferredToId,
  };
}

/** The account locked for a change in the caller's transaction; 404 when there is none. */
export async function lockExistingAdminUser(tx: HandedDb, id: number): Promise<AdminUserRow> {
  const row = await lockAdminUser(tx, id);
  if (!row) throw noUser(id);
  return row;
}

/** The account as it is now, in the caller's transaction. */
export async function reloadAdminUser(tx: HandedDb, id: number): Promise<AdminUserRow> {
  const row = await findAdminUser(tx, id);
  if (!row) throw noUser(id);
  return row;
}

/** The owner's own account is changed by the owner only: an admin cannot ban, edit or move it. */
export function refuseOwnerAccountToOthers(caller: Caller, target: { roles: readonly string[] }) {
  if (target.roles.includes('OWNER')) authorize(caller, 'user:manage-owner');
}
