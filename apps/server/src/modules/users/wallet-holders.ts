import { users } from '@ember/db/schema/users';
import { eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// What the wallet checks of an account before a credit gift (decision 0035): who it is, whether it
// may act (enabled, hold), its cached credits and whether it may give them away.

const walletHolderColumns = {
  id: users.id,
  discordId: users.discordId,
  username: users.username,
  enabled: users.enabled,
  balance: users.balance,
  creditsTransferable: users.creditsTransferable,
  heldAt: users.heldAt,
};

export function findWalletHolder(db: HandedDb, userId: number) {
  return firstRowOrNull(db.select(walletHolderColumns).from(users).where(eq(users.id, userId)));
}

export function findWalletHolderByDiscordId(db: HandedDb, discordId: string) {
  return firstRowOrNull(db.select(walletHolderColumns).from(users).where(eq(users.discordId, discordId)));
}
