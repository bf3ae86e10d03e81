import { payoutReservationJournal, payoutSettlementJournal } from '../../books/payout-journals.ts';
import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { payouts } from '../../schema/payouts.ts';
import { makePayout } from '../factories.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays } from '../time.ts';

interface PayoutStory {
  id: number;
  userId: number;
  amount: number;
  requestedDaysAgo: number;
  /** Completed payouts: days after the request and the reference the owner entered. */
  completion?: { afterDays: number; reference: string };
}

const PAYOUT_STORIES: readonly PayoutStory[] = [
  {
    id: 1,
    userId: U.mossforge,
    amount: 50_000,
    requestedDaysAgo: 120,
    completion: { afterDays: 2, reference: 'https://bank.example/transfers/TX-48213' },
  },
  {
    id: 2,
    userId: U.mossforge,
    amount: 30_000,
    requestedDaysAgo: 60,
    completion: { afterDays: 1, reference: '4815162342' },
  },
  { id: 3, userId: U.mossforge, amount: 20_000, requestedDaysAgo: 3 },
  {
    id: 4,
    userId: U.premium,
    amount: 15_000,
    requestedDaysAgo: 45,
    completion: { afterDays: 3, reference: 'https://bank.example/transfers/TX-51007' },
  },
  { id: 5, userId: U.premium, amount: 10_000, requestedDaysAgo: 1 },
];

/** Pending and completed payouts; each reserved its amount from earnings when requested. */
export async function seedPayouts({ db, now, ledger }: SeedContext): Promise<void> {
  await db.insert(payouts).values(
    PAYOUT_STORIES.map((story) => {
      const date = addDays(now, -story.requestedDaysAgo);
      ledger.post({
        ...payoutReservationJournal({ payoutId: story.id, developerId: story.userId, amount: story.amount }),
        at: date,
      });
      if (story.completion) {
        ledger.post({
          ...payoutSettlementJournal({ payoutId: story.id, developerId: story.userId, amount: story.amount }),
          at: addDays(date, story.completion.afterDays),
        });
      }
      return makePayout({
        id: story.id,
        userId: story.userId,
        amount: story.amount,
        description: story.completion ? 'Monthly withdrawal' : 'Withdrawal request',
        date,
        completed: story.completion !== undefined,
        completedDate: story.completion ? addDays(date, story.completion.afterDays) : null,
        completedById: story.completion ? U.owner : null,
        reference: story.completion?.reference ?? null,
      });
    }),
  );
}
