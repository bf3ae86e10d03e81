import { type CurrentUser, USER_NOT_FOUND_MESSAGE, type UserLookup } from '@ember/contracts/identity';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import type { Db } from './db.ts';
import {
  type AccountCoreRow,
  type AccountRow,
  findAccountById,
  findPrincipalRow,
  findPublicProfileByDiscordId,
  findSignedOutAt,
  signOutEverywhere,
  upsertFromProvider,
} from './users.repository.ts';

/** An account as every view of it shows it (the signed-in account's own, the admins' user list). */
export function accountCoreOf(row: AccountCoreRow, now: Date) {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    discordId: row.discordId,
    registrationDate: row.registrationDate.toISOString(),
    vipUntil: row.vipUntil?.toISOString() ?? null,
    vip: row.vipUntil !== null && row.vipUntil > now,
    balance: row.balance,
    roles: row.roles,
    enabled: row.enabled,
  };
}

export function toCurrentUser(row: NonNullable<AccountRow>, now: Date): CurrentUser {
  return { ...accountCoreOf(row, now), transferableCredits: row.creditsTransferable ? row.balance : 0 };
}

export function createUsersService({
  db,
  clock,
  caches,
}: {
  db: Db;
  clock: () => Date;
  /** The shop shows plan owners by name: a name changed at sign-in drops the 'catalog' caches (decision 0033). */
  caches: CacheInvalidation;
}) {
  return {
    async getCurrentUser(principal: Principal): Promise<CurrentUser> {
      const row = await findAccountById(db, principal.userId);
      if (!row) throw new NotFound('Your account no longer exists.');
      return toCurrentUser(row, clock());
    },

    /** The receiver's names shown before a gift or transfer is confirmed. */
    async lookUpByDiscordId(principal: Principal, discordId: string): Promise<UserLookup> {
      authorize(principal, 'user:lookup');
      const profile = await findPublicProfileByDiscordId(db, discordId);
      if (!profile) throw new NotFound(USER_NOT_FOUND_MESSAGE);
      const { enabled, ...names } = profile;
      // A gift or transfer to a banned account is refused naming it: saying so before is no more.
      return { ...names, banned: !enabled };
    },

    /** The account (created on first sign-in) and its token version, which the new product JWT carries. */
    async upsertFromProvider(profile: { discordId: string; username: string; displayName: string }) {
      const before = await findPublicProfileByDiscordId(db, profile.discordId);
      const row = await upsertFromProvider(db, profile);
      if (before && (before.username !== row.username || before.displayName !== row.displayName)) {
        await caches.invalidate('catalog');
      }
      // Reviews show their authors by display name.
      if (before && before.displayName !== row.displayName) await caches.invalidate('reviews');
      return {
        user: toCurrentUser(row, clock()),
        tokenVersion: row.tokenVersion,
        signedOutAt: row.signedOutAt,
      };
    },

    /** Log out of all devices: every product JWT stops working on its next use, every earlier grant too. */
    signOutEverywhere(userId: number) {
      return signOutEverywhere(db, userId, clock());
    },

    signedOutAtOf(discordId: string) {
      return findSignedOutAt(db, discordId);
    },

    loadPrincipal(userId: number) {
      return findPrincipalRow(db, userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
