import type { AdminUserSortKey } from '@ember/contracts/admin-users';
import { INT4_MAX } from '@ember/contracts/constants';
import type { Sort } from '@ember/contracts/paging';
import { isUniqueViolation } from '@ember/db/errors';
import { users } from '@ember/db/schema/users';
import { asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';
import { accountCoreColumns } from './users.repository.ts';

// Tables: users (owned). The admins' side of accounts: the users table, edits, bans and VIP time.

export const adminUserColumns = {
  ...accountCoreColumns,
  earnings: users.earnings,
  transferredToId: users.transferredToId,
  heldAt: users.heldAt,
};

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

export interface UserPageRequest {
  page: number;
  size: number;
  sort: Sort<AdminUserSortKey>;
  search?: string;
}

const SORT_COLUMNS = {
  id: users.id,
  username: users.username,
  registrationDate: users.registrationDate,
  balance: users.balance,
} as const;

/** The string right after every string that starts with `prefix` (its last character's code point + 1). */
function afterPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop() ?? '';
  const code = last.codePointAt(0) ?? 0;
  return chars.join('') + String.fromCodePoint(Math.min(code + 1, 0x10ffff));
}

/**
 * What `search` matches: the account id (digits within int4), the Discord id exactly (17 to 20
 * digits, users_discord_id_key) or a username prefix, case-insensitive. The prefix is a range on
 * users_username_lower_idx (lower(username)), so it reads only the matching index entries; the
 * LIKE keeps it exact whatever the collation.
 */
function searchOf(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const matches: SQL[] = [];
  if (/^[0-9]{1,10}$/.test(search) && Number(search) >= 1 && Number(search) <= INT4_MAX) {
    matches.push(eq(users.id, Number(search)));
  }
  if (/^[0-9]{17,20}$/.test(search)) matches.push(eq(users.discordId, search));
  const prefix = search.toLowerCase();
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  matches.push(
    sql`(lower(${users.username}) >= ${prefix} and lower(${users.username}) < ${afterPrefix(prefix)} and lower(${users.username}) like ${pattern})`,
  );
  return or(...matches);
}

/** One page of accounts; ties broken by id in the same direction. */
export function findUsersPage(db: HandedDb, page: UserPageRequest) {
  const direction = page.sort.order === 'asc' ? asc : desc;
  return db
    .select(adminUserColumns)
    .from(users)
    .where(searchOf(page.search))
    .orderBy(direction(SORT_COLUMNS[page.sort.key]), direction(users.id))
    .limit(page.size)
    .offset(page.page * page.size);
}

/** Pages counted beyond the requested one: exact up to there, "at least" after (decision 0020, as the ledger list). */
export const COUNTED_PAGES_AHEAD = 50;

/** How many accounts match, counted no further than COUNTED_PAGES_AHEAD pages past the requested page. */
export async function countUsers(db: HandedDb, page: UserPageRequest): Promise<number> {
  const cap = (page.page + 1 + COUNTED_PAGES_AHEAD) * page.size;
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(users)
    .where(searchOf(page.search))
    .limit(cap)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

export function findAdminUser(db: HandedDb, id: number) {
  return firstRowOrNull(db.select(adminUserColumns).from(users).where(eq(users.id, id)));
}

/** The account locked FOR UPDATE until the transaction ends. */
export function lockAdminUser(tx: HandedDb, id: number) {
  return firstRowOrNull(tx.select(adminUserColumns).from(users).where(eq(users.id, id)).for('update'));
}

/**
 * Two accounts locked FOR UPDATE in ascending id order (the order postJournal moves accounts in),
 * so a transfer never deadlocks with a purchase or a credit gift touching the same accounts.
 */
export async function lockAdminUsersInOrder(tx: HandedDb, ids: readonly [number, number]) {
  const rows = await tx
    .select(adminUserColumns)
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

export class DiscordIdTaken extends Error {}

/** Sets the names an admin edits; DiscordIdTaken when another account has the Discord id. */
export async function updateUserNames(
  tx: HandedDb,
  id: number,
  values: { discordId: string; username: string },
) {
  try {
    await tx.update(users).set(values).where(eq(users.id, id));
  } catch (error) {
    if (isUniqueViolation(error, 'users_discord_id_key')) throw new DiscordIdTaken();
    throw error;
  }
}

/** Whether another account holds the Discord id (checked before the update, which still guards it). */
export async function isDiscordIdTakenByOther(db: HandedDb, id: number, discordId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.discordId, discordId));
  return row !== undefined && row.id !== id;
}

/**
 * Bans (enabled = false) or unbans the account. A ban also bumps the token version, so every
 * product JWT of the account stops working on its next call (access-control.ts compares it).
 */
export async function setEnabled(tx: HandedDb, id: number, enabled: boolean) {
  await tx
    .update(users)
    .set(enabled ? { enabled } : { enabled, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/** VIP until the given time, with the VIP role (the gem and VIP prices follow on the next request). */
export async function setVipUntilWithRole(tx: HandedDb, id: number, vipUntil: Date) {
  await tx
    .update(users)
    .set({
      vipUntil,
      roles: sql`case when 'VIP' = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, 'VIP'::text) end`,
    })
    .where(eq(users.id, id));
}

/**
 * Leaves the source of an account transfer disabled and pointing at the target, its token version
 * bumped (every product JWT it had dies on the next call).
 */
export async function markTransferred(tx: HandedDb, sourceId: number, targetId: number) {
  await tx
    .update(users)
    .set({ enabled: false, transferredToId: targetId, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, sourceId));
}
