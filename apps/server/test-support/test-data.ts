import { openingBalanceJournal } from '@ember/db/books/wallet-journals';
import {
  accessListEntries,
  type NewPlan,
  type NewPrice,
  planLabels,
  plans,
  prices,
} from '@ember/db/schema/catalog';
import { pluginLinks, plugins, repositories } from '@ember/db/schema/delivery';
import { discountCodes, type NewDiscountCode } from '@ember/db/schema/discount-codes';
import { type NewSubscription, subscriptions } from '@ember/db/schema/subscriptions';
import { type NewUser, users } from '@ember/db/schema/users';
import {
  makeDiscountCode,
  makePlan,
  makePlugin,
  makePluginLink,
  makePrice,
  makeRepository,
  makeSubscription,
  makeUser,
} from '@ember/db/seed/factories';
import type { Db } from '@ember/db/types';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { describeLedgerReport } from '../src/modules/wallet/ledger-check.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { postingsOf } from './books.ts';
import { type TestContext, useTestApp } from './test-app.ts';

// The server tests' data builders (one module, issue 23 item 8): rows go straight into the test
// database, so a test states exactly the users, catalog and subscriptions it needs, independent of
// the demo data; every credit a test user starts with comes through the ledger, so the ledger check
// stays clean from the first line.

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

/** A plan, with these labels. */
export async function givenPlan(
  ctx: HasDb,
  overrides: Partial<NewPlan> & Pick<NewPlan, 'ownerId'>,
  labelIds: number[] = [],
) {
  const [plan] = await ctx.database.db.insert(plans).values(makePlan(overrides)).returning();
  if (!plan) throw new Error('no plan inserted');
  if (labelIds.length > 0) {
    await ctx.database.db
      .insert(planLabels)
      .values(labelIds.map((labelId) => ({ planId: plan.id, labelId })));
  }
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

/** A fresh customer's subscription to the demo price 1, paused for 14 days since `pauseDate`. */
export async function givenPausedSubscription(
  ctx: HasDb,
  dates: Required<Pick<NewSubscription, 'pauseDate' | 'expireDate'>>,
) {
  const user = await givenUser(ctx);
  return givenSubscription(ctx, {
    userId: user.id,
    planId: 1,
    priceId: 1,
    paused: true,
    pauseUsed: true,
    pauseDays: 14,
    ...dates,
  });
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

/** A plan on sale (decision 0031): the plan and one buyable price of it (enabled, shown, 1,000 credits). */
export async function givenPlanOnSale(
  ctx: HasDb,
  overrides: Partial<NewPlan> & Pick<NewPlan, 'ownerId'>,
  labelIds: number[] = [],
) {
  const plan = await givenPlan(ctx, overrides, labelIds);
  await givenPrice(ctx, { planId: plan.id, price: 1000, enabled: true, hidden: false });
  return plan;
}

/** Subscriptions of fresh customers to a price (30 days from now unless overridden). */
export async function givenSubscriptions(
  ctx: HasDb,
  price: { id: number; planId: number },
  rows: Partial<NewSubscription>[],
) {
  const values = [];
  for (const row of rows) {
    const user = await givenUser(ctx);
    values.push(makeSubscription({ userId: user.id, planId: price.planId, priceId: price.id, ...row }));
  }
  return ctx.database.db.insert(subscriptions).values(values).returning();
}

export async function givenPluginOnPrice(
  ctx: HasDb,
  price: { id: number; ownerId: number },
  plugin: { name: string; description: string; sessionLimit: number },
) {
  const [repository] = await ctx.database.db
    .insert(repositories)
    .values(makeRepository({ ownerId: price.ownerId }))
    .returning();
  if (!repository) throw new Error('no repository inserted');
  const [row] = await ctx.database.db
    .insert(plugins)
    .values(makePlugin({ repositoryId: repository.id, name: plugin.name, description: plugin.description }))
    .returning();
  if (!row) throw new Error('no plugin inserted');
  await ctx.database.db
    .insert(pluginLinks)
    .values(makePluginLink({ priceId: price.id, pluginId: row.id, sessionLimit: plugin.sessionLimit }));
  return row;
}

/** The file's test app (`useTestApp`) whose books must still balance once all its tests ran. */
export function useTestAppWithCleanBooks(overrides: Record<string, string> = {}) {
  return useTestApp(overrides, {}, { beforeClose: expectLedgerClean });
}
