import { openingBalanceJournal } from '@ember/db/books/wallet-journals';
import {
  accessListEntries,
  discountCodes,
  type NewDiscountCode,
  type NewPlan,
  type NewPrice,
  plans,
  prices,
} from '@ember/db/schema/catalog';
import { type NewSubscription, subscriptions } from '@ember/db/schema/subscriptions';
import { type NewUser, users } from '@ember/db/schema/users';
import { makeDiscountCode, makePlan, makePrice, makeSubscription, makeUser } from '@ember/db/seed/factories';
import type { Db } from '@ember/db/types';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { postingsOf } from '../../testing/books.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { describeLedgerReport } from '../wallet/ledger-check.ts';
import { createWalletService } from '../wallet/wallet.service.ts';

// Builders for the money tests: rows go straight into the test database, and every credit a test
// user starts with comes through the ledger, so the ledger check stays clean from the first line.

const DAY_MS = 86_400_000;
export const daysFromNow = (days: number, from = Date.now()) => new Date(from + days * DAY_MS);

type HasDb = { database: { db: Db } };

/** POST /subscriptions?{query}: a purchase, as the caller of `headers`. */
export function buySubscription(ctx: TestContext, headers: Record<string, string>, query: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/shop/subscriptions?${query}`, headers });
}

/** The users' side of the sale journal of a subscription (payer and developer). */
export async function salePostingsOf(ctx: HasDb, subscriptionId: number) {
  const postings = await postingsOf(ctx.database.db, { kind: 'SUBSCRIPTION', id: subscriptionId });
  return postings
    .filter((p) => p.userId !== null)
    .map(({ userId, account, type, amount }) => ({ userId, account, type, amount }));
}

/** Credits (or earnings) granted through an opening-balance journal, as the demo data does. */
export async function grant(
  ctx: HasDb,
  userId: number,
  amount: number,
  account: 'CREDITS' | 'EARNINGS' = 'CREDITS',
) {
  if (amount === 0) return;
  const wallet = createWalletService({ db: ctx.database.db });
  await ctx.database.db.transaction((tx) =>
    wallet.postJournal(tx, openingBalanceJournal({ userId, account, amount, description: 'Test credits' })),
  );
}

export async function givenUser(ctx: HasDb, overrides: Partial<NewUser> & { credits?: number } = {}) {
  const { credits = 0, ...fields } = overrides;
  const [user] = await ctx.database.db.insert(users).values(makeUser(fields)).returning();
  if (!user) throw new Error('no user inserted');
  await grant(ctx, user.id, credits);
  return { ...user, balance: credits };
}

export async function givenPlan(ctx: HasDb, overrides: Partial<NewPlan> & Pick<NewPlan, 'ownerId'>) {
  const [plan] = await ctx.database.db.insert(plans).values(makePlan(overrides)).returning();
  if (!plan) throw new Error('no plan inserted');
  return plan;
}

/** A live price (enabled and shown) unless overridden. */
export async function givenPrice(ctx: HasDb, overrides: Partial<NewPrice> & Pick<NewPrice, 'planId'>) {
  const [price] = await ctx.database.db.insert(prices).values(makePrice(overrides)).returning();
  if (!price) throw new Error('no price inserted');
  return price;
}

/** A plan of `ownerId` with one live price. */
export async function givenPriceOf(ctx: HasDb, ownerId: number, overrides: Partial<NewPrice> = {}) {
  const plan = await givenPlan(ctx, { ownerId });
  const price = await givenPrice(ctx, { planId: plan.id, ...overrides });
  return { plan, price };
}

export async function givenCode(
  ctx: HasDb,
  overrides: Partial<NewDiscountCode> & Pick<NewDiscountCode, 'priceId'>,
) {
  const [code] = await ctx.database.db.insert(discountCodes).values(makeDiscountCode(overrides)).returning();
  if (!code) throw new Error('no code inserted');
  return code;
}

/** A subscription row without money (the ledger knows nothing of it). */
export async function givenSubscription(
  ctx: HasDb,
  overrides: Partial<NewSubscription> & Pick<NewSubscription, 'userId' | 'planId' | 'priceId'>,
) {
  const [row] = await ctx.database.db.insert(subscriptions).values(makeSubscription(overrides)).returning();
  if (!row) throw new Error('no subscription inserted');
  return row;
}

export async function givenListEntry(
  ctx: HasDb,
  entry: { kind: 'WHITELIST' | 'BLACKLIST'; userId: number; planId?: number; priceId?: number },
) {
  await ctx.database.db.insert(accessListEntries).values(entry);
}

export async function balanceOf(ctx: HasDb, userId: number) {
  const [row] = await ctx.database.db
    .select({ balance: users.balance, earnings: users.earnings })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`No user ${userId}`);
  return row;
}

export async function subscriptionRow(ctx: HasDb, id: number) {
  const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error(`No subscription ${id}`);
  return row;
}

export async function expectLedgerClean(ctx: HasDb) {
  const report = await createWalletService({ db: ctx.database.db }).checkLedger();
  if (!report.ok) throw new Error(`Books check failed:\n${describeLedgerReport(report).join('\n')}`);
  // Named here too: every journal balances and the trial balance, system accounts included, is zero.
  expect(report.unbalancedJournals).toEqual([]);
  expect(report.trialBalance.total).toBe(0);
  return report;
}
