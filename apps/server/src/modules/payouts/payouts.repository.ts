import type { Sort } from '@ember/contracts/paging';
import type { PayoutSortKey, PayoutStatus } from '@ember/contracts/payouts';
import { payouts } from '@ember/db/schema/payouts';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { countedTotal, firstRowOrNull } from '../../lib/first-row.ts';
import { userProfiles } from '../users/index.ts';
import { findJournalUnderKey } from '../wallet/index.ts';
import type { HandedDb } from './db.ts';

const payoutColumns = {
  id: payouts.id,
  userId: payouts.userId,
  developer: {
    id: userProfiles.id,
    discordId: userProfiles.discordId,
    username: userProfiles.username,
    displayName: userProfiles.displayName,
  },
  amount: payouts.amount,
  date: payouts.date,
  completed: payouts.completed,
  completedDate: payouts.completedDate,
  description: payouts.description,
  reference: payouts.reference,
};

export type PayoutRow = Awaited<ReturnType<typeof findPayouts>>[number];

const SORT_COLUMNS = { date: payouts.date, id: payouts.id, amount: payouts.amount } as const;

/** Which payouts a page holds: one developer's, and/or Pending (not yet paid) or Completed ones. */
export interface PayoutFilter {
  userId?: number;
  status?: PayoutStatus;
}

const whereOf = (filter: PayoutFilter): SQL | undefined =>
  and(
    filter.userId === undefined ? undefined : eq(payouts.userId, filter.userId),
    filter.status === undefined ? undefined : eq(payouts.completed, filter.status === 'Completed'),
  );

type PayoutPageOptions = { sort: Sort<PayoutSortKey>; limit: number; offset: number };

/** Payouts with their developer; the (user_id, date) and (date) indexes serve the default sort. */
export function findPayouts(db: HandedDb, filter: PayoutFilter, page: PayoutPageOptions) {
  return selectPayouts(db, whereOf(filter), page);
}

function selectPayouts(db: HandedDb, where: SQL | undefined, page: PayoutPageOptions) {
  const direction = page.sort.order === 'asc' ? asc : desc;
  return db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(userProfiles, eq(userProfiles.id, payouts.userId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[page.sort.key]), direction(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function countPayouts(db: HandedDb, filter: PayoutFilter): Promise<number> {
  return countedTotal(db.select({ total: count() }).from(payouts).where(whereOf(filter)));
}

export function findPayout(db: HandedDb, id: number): Promise<PayoutRow | null> {
  return firstRowOrNull(
    selectPayouts(db, eq(payouts.id, id), {
      sort: { key: 'id', order: 'asc' },
      limit: 1,
      offset: 0,
    }),
  );
}

export async function insertPayout(
  db: HandedDb,
  payout: { userId: number; amount: number; description: string; date: Date },
): Promise<number> {
  const [row] = await db.insert(payouts).values(payout).returning({ id: payouts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Marks a pending payout paid; null when it is not pending (already completed, or unknown). */
export function completePayout(
  db: HandedDb,
  id: number,
  completion: { reference: string; completedById: number; at: Date },
) {
  return firstRowOrNull(
    db
      .update(payouts)
      .set({
        completed: true,
        completedDate: completion.at,
        reference: completion.reference,
        completedById: completion.completedById,
      })
      .where(and(eq(payouts.id, id), eq(payouts.completed, false)))
      .returning({ id: payouts.id, userId: payouts.userId, amount: payouts.amount }),
  );
}

/**
 * The payout a request with this idempotency key already made, read from its reservation journal
 * (the books hold the key, unique), so a retried or doubled request finds the first one's payout.
 */
export async function findPayoutRequestedUnder(
  db: HandedDb,
  idempotencyKey: string,
): Promise<PayoutRow | null> {
  const journal = await findJournalUnderKey(db, idempotencyKey);
  const isReservation = journal?.kind === 'PAYOUT_RESERVATION' && journal.referenceKind === 'PAYOUT';
  return isReservation ? findPayout(db, journal.referenceId) : null;
}
