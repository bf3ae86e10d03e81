import {
  type AdminUserPage,
  type AdminUserResponse,
  type addVipQuery,
  type adminUsersQuery,
  BALANCE_OF_TRANSFERRED_MESSAGE,
  BALANCE_REASON_REQUIRED_MESSAGE,
  BAN_SELF_MESSAGE,
  DISCORD_ID_TAKEN_MESSAGE,
  UNBAN_TRANSFERRED_MESSAGE,
  type updateUserBody,
} from '@ember/contracts/admin-users';
import { totalPagesOf } from '@ember/contracts/paging';
import { adminAdjustmentJournal } from '@ember/db/books/wallet-journals';
import type { z } from 'zod';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { Conflict, Invalid } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import { type AccountTransferDeps, createAccountTransfer } from './account-transfer.service.ts';
import {
  lockExistingAdminUser,
  noUser,
  refuseOwnerAccountToOthers,
  reloadAdminUser,
  snapshotOf,
  toAdminUserResponse,
} from './admin-user-rows.ts';
import type { HandedDb } from './db.ts';
import {
  countUsers,
  DiscordIdTaken,
  findAdminUser,
  findUsersPage,
  isDiscordIdTakenByOther,
  setEnabled,
  setVipUntilWithRole,
  updateUserNames,
} from './users-admin.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `months` calendar months after `from` (UTC); a day the month lacks becomes its last (31 Jan + 1 = 28/29 Feb). */
export function addCalendarMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The new end of VIP: the amount added from the current end while VIP still runs, else from now. */
export function vipEndAfter(current: Date | null, now: Date, query: z.output<typeof addVipQuery>): Date {
  const from = current && current > now ? current : now;
  if (query.hours !== undefined) return new Date(from.getTime() + query.hours * HOUR_MS);
  if (query.days !== undefined) return new Date(from.getTime() + query.days * DAY_MS);
  return addCalendarMonths(from, query.months ?? 0);
}

export interface UserAdminDeps extends AccountTransferDeps {
  /** The client API's tokens of an account: revoked on a ban, moved on a transfer (how many). */
  clientTokens: AccountTransferDeps['clientTokens'] & {
    revokeAllOf(tx: HandedDb, userId: number): Promise<number>;
  };
  /**
   * The shop shows plan owners by name and filters by Discord id: a committed change of either drops
   * the 'catalog' caches of every process (decision 0033). Bans, VIP and transfers show nowhere in it.
   */
  caches: CacheInvalidation;
}

/**
 * The admins' user management (spec §7 Users, §5 add VIP and transfer account). Every change runs
 * in one transaction with its audit event (target USER, before and after) and, for money, its journal.
 */
export function createUserAdminService({
  db,
  clock,
  wallet,
  clientTokens,
  caches,
  accountTransfer,
}: UserAdminDeps) {
  const transferAccount = createAccountTransfer({ db, clock, wallet, clientTokens, accountTransfer });

  return {
    async listUsers(caller: Caller, query: z.output<typeof adminUsersQuery>): Promise<AdminUserPage> {
      authorize(caller, 'user:list');
      const [rows, total] = await Promise.all([findUsersPage(db, query), countUsers(db, query)]);
      const now = clock();
      return {
        content: rows.map((row) => toAdminUserResponse(row, now)),
        totalPages: totalPagesOf(total, query.size),
      };
    },

    async getUser(caller: Caller, id: number): Promise<AdminUserResponse> {
      authorize(caller, 'user:read');
      const row = await findAdminUser(db, id);
      if (!row) throw noUser(id);
      return toAdminUserResponse(row, clock());
    },

    /**
     * Spec §7 PUT /users/{id}: names and balance. A changed balance is one ADMIN_ADJUSTMENT journal
     * against the adjustments account (needs credits:adjust and a reason, its description).
     */
    async updateUser(
      caller: Caller,
      id: number,
      body: z.output<typeof updateUserBody>,
    ): Promise<AdminUserResponse> {
      const role = authorize(caller, 'user:update', { userId: id });
      let renamed = false;
      const updated = await db.transaction(async (tx) => {
        const before = await lockExistingAdminUser(tx, id);
        refuseOwnerAccountToOthers(caller, before);
        const delta = body.balance - before.balance;
        if (delta !== 0) {
          authorize(caller, 'credits:adjust', { userId: id });
          if (!body.reason) throw new Invalid(BALANCE_REASON_REQUIRED_MESSAGE);
          if (before.transferredToId !== null) throw new Conflict(BALANCE_OF_TRANSFERRED_MESSAGE);
        }
        if (body.discordId !== before.discordId && (await isDiscordIdTakenByOther(tx, id, body.discordId))) {
          throw new Conflict(DISCORD_ID_TAKEN_MESSAGE);
        }
        try {
          await updateUserNames(tx, id, { discordId: body.discordId, username: body.username });
        } catch (error) {
          if (error instanceof DiscordIdTaken) throw new Conflict(DISCORD_ID_TAKEN_MESSAGE);
          throw error;
        }
        const posted =
          delta === 0
            ? null
            : await wallet.postJournal(
                tx,
                adminAdjustmentJournal({ userId: id, amount: delta, reason: body.reason ?? '' }),
              );
        const after = await reloadAdminUser(tx, id);
        renamed = after.discordId !== before.discordId || after.username !== before.username;
        const changes = changedFields(snapshotOf(before), snapshotOf(after));
        await recordAudit(tx, actorOf(caller, role), {
          action: 'user:update',
          target: { kind: 'USER', id },
          before: changes.before,
          after:
            delta === 0
              ? changes.after
              : { ...changes.after, reason: body.reason, journalId: posted?.journalId ?? null },
        });
        return toAdminUserResponse(after, clock());
      });
      if (renamed) await caches.invalidate('catalog');
      return updated;
    },

    /**
     * Spec §7 DELETE /users/{id}/ban: the account is disabled, every product JWT it holds dies on its
     * next call (token version) and every client token is revoked, in one transaction.
     */
    async ban(caller: Caller, id: number): Promise<AdminUserResponse> {
      const role = authorize(caller, 'user:ban', { userId: id });
      if (id === caller.userId) throw new Invalid(BAN_SELF_MESSAGE);
      return db.transaction(async (tx) => {
        const before = await lockExistingAdminUser(tx, id);
        refuseOwnerAccountToOthers(caller, before);
        await setEnabled(tx, id, false);
        const clientTokensRevoked = await clientTokens.revokeAllOf(tx, id);
        const after = await reloadAdminUser(tx, id);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'user:ban',
          target: { kind: 'USER', id },
          before: { enabled: before.enabled },
          after: { enabled: after.enabled, clientTokensRevoked },
        });
        return toAdminUserResponse(after, clock());
      });
    },

    /** Spec §7 DELETE /users/{id}/unban; a transferred account stays disabled (409). */
    async unban(caller: Caller, id: number): Promise<AdminUserResponse> {
      const role = authorize(caller, 'user:ban', { userId: id });
      return db.transaction(async (tx) => {
        const before = await lockExistingAdminUser(tx, id);
        if (before.transferredToId !== null) throw new Conflict(UNBAN_TRANSFERRED_MESSAGE);
        await setEnabled(tx, id, true);
        const after = await reloadAdminUser(tx, id);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'user:unban',
          target: { kind: 'USER', id },
          before: { enabled: before.enabled },
          after: { enabled: after.enabled },
        });
        return toAdminUserResponse(after, clock());
      });
    },

    /** Spec §7 PUT /users/{id}/add-vip?hours|days|months: from the current end while VIP runs, else from now. */
    async addVip(
      caller: Caller,
      id: number,
      query: z.output<typeof addVipQuery>,
    ): Promise<AdminUserResponse> {
      const role = authorize(caller, 'user:add-vip', { userId: id });
      return db.transaction(async (tx) => {
        const before = await lockExistingAdminUser(tx, id);
        const now = clock();
        await setVipUntilWithRole(tx, id, vipEndAfter(before.vipUntil, now, query));
        const after = await reloadAdminUser(tx, id);
        const changes = changedFields(snapshotOf(before), snapshotOf(after));
        await recordAudit(tx, actorOf(caller, role), {
          action: 'user:add-vip',
          target: { kind: 'USER', id },
          before: changes.before,
          after: { ...changes.after, added: query },
        });
        return toAdminUserResponse(after, now);
      });
    },

    /**
     * Spec §7 POST /users/{userId}/transfer-account?targetId: the source's credits, earnings and
     * rows move to the target in one transaction (account-transfer.service.ts, decision 0029).
     */
    transferAccount,
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
