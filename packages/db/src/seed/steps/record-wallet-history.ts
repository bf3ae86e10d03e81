import { COMMUNITY_MEMBERS, COMMUNITY_OPENING_CREDITS, communityMemberAgeDays } from '../data/community.ts';
import { DEMO_USER_IDS as U } from '../demo-accounts.ts';
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

/** Opening balances, a credit gift and an admin correction: the ledger rows not tied to a sale. */
export function recordWalletHistory({ now, ledger }: SeedContext): void {
  for (const [username, amount] of Object.entries(OPENING_CREDITS)) {
    ledger.record({
      userId: U[username as keyof typeof U],
      account: 'CREDITS',
      type: 'SEED',
      amount,
      description: 'Opening balance migrated from the previous store',
      at: addDays(now, -OPENING_DAYS_AGO),
    });
  }
  for (const [username, amount] of Object.entries(OPENING_EARNINGS)) {
    ledger.record({
      userId: U[username as keyof typeof U],
      account: 'EARNINGS',
      type: 'SEED',
      amount,
      description: 'Earnings migrated from the previous store',
      at: addDays(now, -OPENING_DAYS_AGO),
    });
  }
  COMMUNITY_MEMBERS.forEach((member, index) => {
    ledger.record({
      userId: member.id,
      account: 'CREDITS',
      type: 'SEED',
      amount: COMMUNITY_OPENING_CREDITS,
      description: 'Welcome credits',
      at: addDays(now, -communityMemberAgeDays(index)),
    });
  });

  const giftAt = addDays(now, -15);
  ledger.record({
    userId: U.vip,
    account: 'CREDITS',
    type: 'CREDIT_TRANSFER_OUT',
    amount: -500,
    description: 'Credits gifted to customer',
    entityId: String(U.customer),
    at: giftAt,
  });
  ledger.record({
    userId: U.customer,
    account: 'CREDITS',
    type: 'CREDIT_TRANSFER_IN',
    amount: 500,
    description: 'Credits gifted by vip',
    entityId: String(U.vip),
    at: giftAt,
  });
  ledger.record({
    userId: U.customer,
    account: 'CREDITS',
    type: 'ADMIN_ADJUSTMENT',
    amount: 250,
    description: 'Compensation for the login outage',
    entityId: String(U.admin),
    at: addDays(now, -7),
  });
}
