import {
  ACCOUNT_ALREADY_TRANSFERRED_MESSAGE,
  type AccountTransferResponse,
  type AdminUserPage,
  type AdminUserResponse,
  type addVipQuery,
  type adminUsersQuery,
  BALANCE_OF_TRANSFERRED_MESSAGE,
  BALANCE_REASON_REQUIRED_MESSAGE,
  BAN_SELF_MESSAGE,
  DISCORD_ID_TAKEN_MESSAGE,
  TRANSFER_TARGET_DISABLED_MESSAGE,
  TRANSFER_TARGET_NOT_FOUND_MESSAGE,
  TRANSFER_TO_SELF_MESSAGE,
  UNBAN_TRANSFERRED_MESSAGE,
  type updateUserBody,
} from '@ember/contracts/admin-users';
import { totalPagesOf } from '@ember/contracts/paging';
import type { Journal } from '@ember/db/books/journal';
import type { PostedJournal } from '@ember/db/books/post-journal';
import { accountTransferJournal, adminAdjustmentJournal } from '@ember/db/books/wallet-journals';
import { pgErrorOf } from '@ember/db/errors';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import { type AccountTransferSteps, lockWhatMoves } from './account-transfer-steps.ts';
import {
  type AdminUserRow,
  countUsers,
  DiscordIdTaken,
  findAdminUser,
  findUsersPage,
  isDiscordIdTakenByOther,
  lockAdminUser,
  lockAdminUsersInOrder,
  markTransferred,
  setEnabled,
  setVipUntilWithRole,
  updateUserNames,
} from './users-admin.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const TRANSFER_SOURCE_HELD_MESSAGE =
  'This account is held after a payment dispute: release the hold before transferring it.';

/** PostgreSQL's deadlock_detected: the transaction was rolled back, and running it again is safe. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by rolling it back. The transfer takes
 * its locks in the order other changes do (lockWhatMoves), so this only covers a row created and
 * locked by someone else in the moment between its locks.
 */
async function retriedOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || pgErrorOf(error)?.code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

const noUser = (id: number) => new NotFound(`No user with id ${id}.`);

export function toAdminUserResponse(row: AdminUserRow, now: Date): AdminUserResponse {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    discordId: row.discordId,
    registrationDate: row.registrationDate.toISOString(),
    vipUntil: row.vipUntil?.toISOString() ?? null,
    vip: row.vipUntil !== null && row.vipUntil > now,
    balance: row.balance,
    earnings: row.earnings,
    roles: row.roles,
    enabled: row.enabled,
    transferredToId: row.transferredToId,
    heldAt: row.heldAt?.toISOString() ?? null,
  };
}

/** What the audit trail keeps of an account, before and after a staff action. */
function snapshotOf(row: AdminUserRow) {
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

interface UserAdminDeps {
  db: Db;
  clock: () => Date;
  /** The wallet's posting of one balanced journal inside the caller's transaction. */
  wallet: { postJournal(tx: Db, journal: Journal): Promise<PostedJournal | null> };
  /** The client API's tokens of an account: revoked on a ban, moved on a transfer (how many). */
  clientTokens: {
    revokeAllOf(tx: Db, userId: number): Promise<number>;
    moveAccount(tx: Db, fromUserId: number, toUserId: number): Promise<number>;
  };
  /**
   * The shop shows plan owners by name and filters by Discord id: a committed change of either drops
   * the 'catalog' caches of every process (decision 0033). Bans, VIP and transfers show nowhere in it.
   */
  caches: CacheInvalidation;
  /** The other modules' rows an account transfer moves, each by its owner. */
  accountTransfer: AccountTransferSteps;
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
  /** The owner's own account is changed by the owner only: an admin cannot ban, edit or move it. */
  function refuseOwnerAccountToOthers(caller: Caller, target: { roles: readonly string[] }) {
    if (target.roles.includes('OWNER')) authorize(caller, 'user:manage-owner');
  }

  async function reload(tx: Db, id: number): Promise<AdminUserRow> {
    const row = await findAdminUser(tx, id);
    if (!row) throw noUser(id);
    return row;
  }

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
        const before = await lockAdminUser(tx, id);
        if (!before) throw noUser(id);
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
        const after = await reload(tx, id);
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
        const before = await lockAdminUser(tx, id);
        if (!before) throw noUser(id);
        refuseOwnerAccountToOthers(caller, before);
        await setEnabled(tx, id, false);
        const clientTokensRevoked = await clientTokens.revokeAllOf(tx, id);
        const after = await reload(tx, id);
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
        const before = await lockAdminUser(tx, id);
        if (!before) throw noUser(id);
        if (before.transferredToId !== null) throw new Conflict(UNBAN_TRANSFERRED_MESSAGE);
        await setEnabled(tx, id, true);
        const after = await reload(tx, id);
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
        const before = await lockAdminUser(tx, id);
        if (!before) throw noUser(id);
        const now = clock();
        await setVipUntilWithRole(tx, id, vipEndAfter(before.vipUntil, now, query));
        const after = await reload(tx, id);
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
     * Spec §7 POST /users/{userId}/transfer-account?targetId, in one transaction with both accounts
     * locked in id order: one ACCOUNT_TRANSFER journal for credits and earnings, then the source's
     * subscriptions, orders, payouts, client sessions, client tokens, votes and list entries; the
     * source is left disabled, pointing at the target (docs/decisions/0029-account-transfer.md).
     */
    async transferAccount(
      caller: Caller,
      sourceId: number,
      targetId: number,
    ): Promise<AccountTransferResponse> {
      const role = authorize(caller, 'user:transfer-account', { userId: sourceId });
      if (sourceId === targetId) throw new Invalid(TRANSFER_TO_SELF_MESSAGE);
      return retriedOnDeadlock(() =>
        db.transaction(async (tx) => {
          await lockWhatMoves(accountTransfer, tx, sourceId, targetId);
          const locked = await lockAdminUsersInOrder(tx, [sourceId, targetId]);
          const source = locked.get(sourceId);
          const target = locked.get(targetId);
          if (!source) throw noUser(sourceId);
          if (!target) throw new NotFound(TRANSFER_TARGET_NOT_FOUND_MESSAGE);
          if (source.transferredToId !== null) throw new Conflict(ACCOUNT_ALREADY_TRANSFERRED_MESSAGE);
          if (!target.enabled) throw new Conflict(TRANSFER_TARGET_DISABLED_MESSAGE);
          if (source.heldAt !== null) throw new Conflict(TRANSFER_SOURCE_HELD_MESSAGE);
          refuseOwnerAccountToOthers(caller, source);
          const now = clock();

          const posted = await wallet.postJournal(
            tx,
            accountTransferJournal({
              source: { id: source.id, username: source.username },
              target: { id: target.id, username: target.username },
              credits: source.balance,
              earnings: source.earnings,
            }),
          );
          const moved = {
            subscriptions: await accountTransfer.subscriptions.move(tx, sourceId, targetId, now),
            credits: source.balance,
            earnings: source.earnings,
            orders: await accountTransfer.orders.move(tx, sourceId, targetId, now),
            payouts: await accountTransfer.payouts.move(tx, sourceId, targetId, now),
            sessions: await accountTransfer.sessions.move(tx, sourceId, targetId, now),
            clientTokens: await clientTokens.moveAccount(tx, sourceId, targetId),
            votes: await accountTransfer.votes.move(tx, sourceId, targetId, now),
            accessListEntries: await accountTransfer.accessListEntries.move(tx, sourceId, targetId, now),
          };
          // VIP time the source still had: the target keeps whichever end is later.
          if (
            source.vipUntil &&
            source.vipUntil > now &&
            !(target.vipUntil && target.vipUntil >= source.vipUntil)
          ) {
            await setVipUntilWithRole(tx, targetId, source.vipUntil);
          }
          await markTransferred(tx, sourceId, targetId);

          const sourceAfter = await reload(tx, sourceId);
          const targetAfter = await reload(tx, targetId);
          await recordAudit(tx, actorOf(caller, role), {
            action: 'user:transfer-account',
            target: { kind: 'USER', id: sourceId },
            before: { source: snapshotOf(source), target: snapshotOf(target) },
            after: {
              source: snapshotOf(sourceAfter),
              target: snapshotOf(targetAfter),
              moved,
              journalId: posted?.journalId ?? null,
            },
          });
          return {
            source: toAdminUserResponse(sourceAfter, now),
            target: toAdminUserResponse(targetAfter, now),
            moved,
          };
        }),
      );
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
