import {
  adminAdjustmentJournal,
  creditTransferJournal,
  openingBalanceJournal,
} from '../../books/wallet-journals.ts';
import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { COMMUNITY_MEMBERS, COMMUNITY_OPENING_CREDITS, communityMemberAgeDays } from '../data/community.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays } from '../time.ts';

/** Credits each named account brought over from the previous store. */
const OPENING_CREDITS: Partial<Record<keyof typeof U, number>> = {
  mossforge: 500,
  ironbark: 500,
  owner: 100_000,
  admin: 5_000,
  payments: 2_000,
  staff: 3_000,
  developer: 3_000,
  premium: 20_000,
  vip: 60_000,
  customer: 10_000,
  banned: 1_000,
};

/** Developer earnings carried over from the previous store. */
const OPENING_EARNINGS: Partial<Record<keyof typeof U, number>> = {
  mossforge: 150_000,
  ironbark: 30_000,
  developer: 12_000,
  premium: 40_000,
};

const OPENING_DAYS_AGO = 415;

const openingBalance = (
  userId: number,
  account: 'CREDITS' | 'EARNINGS',
  amount: number,
  description: string,
  at: Date,
) => openingBalanceJournal({ userId, account, amount, description, at });

/** Opening balances, a credit gift and an admin correction: the journals not tied to a sale. */
export function recordWalletHistory({ now, ledger }: SeedContext): void {
  const openedAt = addDays(now, -OPENING_DAYS_AGO);
  for (const [username, amount] of Object.entries(OPENING_CREDITS)) {
    const userId = U[username as keyof typeof U];
    ledger.post(
      openingBalance(userId, 'CREDITS', amount, 'Opening balance migrated from the previous store', openedAt),
    );
  }
  for (const [username, amount] of Object.entries(OPENING_EARNINGS)) {
    const userId = U[username as keyof typeof U];
    ledger.post(
      openingBalance(userId, 'EARNINGS', amount, 'Earnings migrated from the previous store', openedAt),
    );
  }
  COMMUNITY_MEMBERS.forEach((member, index) => {
    ledger.post(
      openingBalance(
        member.id,
        'CREDITS',
        COMMUNITY_OPENING_CREDITS,
        'Welcome credits',
        addDays(now, -communityMemberAgeDays(index)),
      ),
    );
  });

  ledger.post(
    creditTransferJournal({
      sender: { id: U.vip, username: 'vip' },
      receiver: { id: U.customer, username: 'customer' },
      amount: 500,
      at: addDays(now, -15),
    }),
  );
  ledger.post(
    adminAdjustmentJournal({
      userId: U.customer,
      amount: 250,
      reason: 'Compensation for the login outage',
      at: addDays(now, -7),
    }),
  );
}
