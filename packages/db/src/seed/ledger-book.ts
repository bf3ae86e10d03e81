import type { LedgerAccount, LedgerEntryType } from '@ember/contracts/enums';
import type { NewLedgerEntry } from '../schema/wallet.ts';

export interface Movement {
  userId: number;
  account: LedgerAccount;
  type: LedgerEntryType;
  amount: number;
  description: string;
  entityId?: string;
  at: Date;
}

/**
 * Collects the seed's credit and earnings movements in any order, then replays them by time to
 * produce ledger rows with running balances. A movement that would overdraw an account is a bug
 * in the demo data and fails the seed.
 */
export function createLedgerBook() {
  const movements: Movement[] = [];

  const record = (movement: Movement) => {
    if (movement.amount !== 0) movements.push(movement);
  };

  const entries = (): NewLedgerEntry[] => {
    const balances = new Map<string, number>();
    const chronological = movements
      .map((movement, order) => ({ movement, order }))
      .sort((a, b) => a.movement.at.getTime() - b.movement.at.getTime() || a.order - b.order)
      .map(({ movement }) => movement);
    return chronological.map((m) => {
      const key = `${m.userId}:${m.account}`;
      const balanceAfter = (balances.get(key) ?? 0) + m.amount;
      if (balanceAfter < 0) {
        throw new Error(`Demo ledger overdraws user ${m.userId} ${m.account} with ${m.type} ${m.amount}`);
      }
      balances.set(key, balanceAfter);
      return {
        userId: m.userId,
        account: m.account,
        type: m.type,
        amount: m.amount,
        balanceAfter,
        description: m.description,
        entityId: m.entityId ?? null,
        createdAt: m.at,
      };
    });
  };

  return { record, entries };
}

export type LedgerBook = ReturnType<typeof createLedgerBook>;
