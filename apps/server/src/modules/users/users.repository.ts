import { preparedPerDatabase } from '@ember/db/prepared';
import { users } from '@ember/db/schema/users';
import { eq, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

/** What every view of an account reads: the signed-in account's own and the admins' user list. */
export const accountCoreColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  discordId: users.discordId,
  registrationDate: users.registrationDate,
  vipUntil: users.vipUntil,
  balance: users.balance,
  roles: users.roles,
  enabled: users.enabled,
};

const accountColumns = { ...accountCoreColumns, creditsTransferable: users.creditsTransferable };

export type AccountCoreRow = Pick<typeof users.$inferSelect, keyof typeof accountCoreColumns>;

export type AccountRow = Awaited<ReturnType<typeof findAccountById>>;

export function findAccountById(db: HandedDb, id: number) {
  return firstRowOrNull(db.select(accountColumns).from(users).where(eq(users.id, id)));
}

const principalRow = preparedPerDatabase((db) =>
  db
    .select({
      userId: users.id,
      discordId: users.discordId,
      roles: users.roles,
      enabled: users.enabled,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('principal_row'),
);

/** Who a token's subject is now (read on every signed-in request). */
export function findPrincipalRow(db: HandedDb, id: number) {
  return firstRowOrNull(principalRow(db).execute({ id }));
}

/**
 * "Log out of all devices": revokes every product JWT issued to the user so far (they carry the old
 * version) and dates the sign-out, so every chat-platform grant handed out before it is refused.
 */
export async function signOutEverywhere(db: HandedDb, id: number, now: Date) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, signedOutAt: now })
    .where(eq(users.id, id));
}

/** When the account behind a chat-platform id last signed out everywhere (null: never, or no account). */
export async function findSignedOutAt(db: HandedDb, discordId: string): Promise<Date | null> {
  const [row] = await db
    .select({ signedOutAt: users.signedOutAt })
    .from(users)
    .where(eq(users.discordId, discordId));
  return row?.signedOutAt ?? null;
}

/** First sign-in creates the account (registration date = now); later sign-ins refresh the names. */
export async function upsertFromProvider(
  db: HandedDb,
  profile: { discordId: string; username: string; displayName: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...profile, roles: ['CUSTOMER'] })
    .onConflictDoUpdate({
      target: users.discordId,
      set: { username: sql`excluded.username`, displayName: sql`excluded.display_name` },
    })
    .returning({ ...accountColumns, tokenVersion: users.tokenVersion, signedOutAt: users.signedOutAt });
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** The public names of an account (a gift's receiver) and whether it may receive one: never more. */
export function findPublicProfileByDiscordId(db: HandedDb, discordId: string) {
  return firstRowOrNull(
    db
      .select({
        discordId: users.discordId,
        username: users.username,
        displayName: users.displayName,
        enabled: users.enabled,
      })
      .from(users)
      .where(eq(users.discordId, discordId)),
  );
}
