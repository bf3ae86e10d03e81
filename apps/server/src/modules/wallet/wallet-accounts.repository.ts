import { users } from '@ember/db/schema/users';
import type { Db } from '@ember/db/types';
import { eq } from 'drizzle-orm';

const walletAccountColumns = {
  id: users.id,
  discordId: users.discordId,
  username: users.username,
  enabled: users.enabled,
  balance: users.balance,
  creditsTransferable: users.creditsTransferable,
  heldAt: users.heldAt,
};

export type WalletAccount = NonNullable<Awaited<ReturnType<typeof findWalletAccount>>>;

export async function findWalletAccount(db: Db, userId: number) {
  const [row] = await db.select(walletAccountColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findWalletAccountByDiscordId(db: Db, discordId: string) {
  const [row] = await db.select(walletAccountColumns).from(users).where(eq(users.discordId, discordId));
  return row ?? null;
}
