import {
  extendVip,
  findHeldAccounts,
  holdAccount,
  lockAccount,
  releaseHold,
  setVipUntil,
} from './account-standing.repository.ts';
import type { HandedDb } from './db.ts';

/**
 * The users module's answer to what purchases change on an account besides credits: VIP time and
 * role, and holds after disputes (ADR 0015). Every method runs in the caller's transaction.
 */
export const accountStanding = {
  lockAccount,
  extendVip,
  setVipUntil,
  holdAccount,
  releaseHold,
  findHeldAccounts,
  /** Whether the account is held (a plain read, for checks outside a transaction). */
  async isHeld(db: HandedDb, userId: number): Promise<boolean> {
    const [row] = await findHeldAccounts(db, userId);
    return row !== undefined;
  },
};
