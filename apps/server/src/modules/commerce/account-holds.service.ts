import type { AccountHoldResponse } from '@ember/contracts/commerce';
import { NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { accountStanding } from '../users/index.ts';
import type { Db } from './db.ts';

/** Accounts held after a dispute or refund took back less than an order gave (decision 0015). */
export function createAccountHoldsService({ db }: { db: Db }) {
  return {
    async list(caller: Caller): Promise<AccountHoldResponse[]> {
      authorize(caller, 'account-hold:read');
      const rows = await accountStanding.findHeldAccounts(db);
      return rows.flatMap((row) =>
        row.heldAt && row.reason
          ? [
              {
                userId: row.userId,
                discordId: row.discordId,
                username: row.username,
                heldAt: row.heldAt.toISOString(),
                reason: row.reason,
              },
            ]
          : [],
      );
    },

    /** Staff release a held account after review; audited with what the hold said. */
    async release(caller: Caller, userId: number): Promise<void> {
      const role = authorize(caller, 'account-hold:release');
      await db.transaction(async (tx) => {
        const before = await accountStanding.releaseHold(tx, userId);
        if (!before) throw new NotFound('This account is not on hold.');
        await recordAudit(tx, actorOf(caller, role), {
          action: 'account-hold:release',
          target: { kind: 'USER', id: userId },
          before: { held: true, heldAt: before.heldAt, reason: before.holdReason },
          after: { held: false },
        });
      });
    },
  };
}

export type AccountHoldsService = ReturnType<typeof createAccountHoldsService>;
