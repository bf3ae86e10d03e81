import { isSubscriptionExpired } from '@ember/contracts/subscriptions';
import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  givenPluginOnPrice,
  givenPriceOf,
  givenSubscriptions,
  givenUser,
} from '../../../test-support/test-data.ts';
import {
  countActiveSubscriptionsOfPrice,
  findActiveSubscriptionStats,
  findPausedUntil,
  loadActiveSubscriptionCounts,
} from './index.ts';

// "Active subscription" is written once (decision 0045): every count and check reads the same
// rule, and the views' JS rule (Active / Expired) says the same of every kind of subscription.

const ctx = useTestApp();

const DAY_MS = 86_400_000;
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);

/** One subscription of every kind, and whether it is active. */
const KINDS = [
  { name: 'lifetime', expireDate: null, paused: false, active: true },
  { name: 'ending tomorrow', expireDate: at(1), paused: false, active: true },
  { name: 'ending this instant', expireDate: now, paused: false, active: false },
  { name: 'ended yesterday', expireDate: at(-1), paused: false, active: false },
  { name: 'paused, ending later', expireDate: at(10), paused: true, active: true },
  { name: 'paused past its expire date', expireDate: at(-1), paused: true, active: true },
  { name: 'paused lifetime', expireDate: null, paused: true, active: true },
] as const;

async function givenOneOfEachKind() {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  const { plan, price } = await givenPriceOf(ctx, developer.id);
  const rows = await givenSubscriptions(
    ctx,
    price,
    KINDS.map(({ expireDate, paused }) => ({
      startDate: at(-20),
      expireDate,
      paused,
      ...(paused ? { pauseDate: at(-2), pauseDays: 5, pauseUsed: true } : {}),
    })),
  );
  return { developer, plan, price, rows };
}

describe('an active subscription', () => {
  it('is the same to the SQL rule and to the views of every kind of subscription', async () => {
    const { price } = await givenOneOfEachKind();
    const read = await ctx.database.db
      .select({
        paused: subscriptions.paused,
        expireDate: subscriptions.expireDate,
        active: isActiveSubscription(now).mapWith(Boolean),
      })
      .from(subscriptions)
      .where(eq(subscriptions.priceId, price.id))
      .orderBy(asc(subscriptions.id));
    expect(read.map(({ active }) => active)).toEqual(KINDS.map(({ active }) => active));
    expect(read.map((row) => !isSubscriptionExpired(row, now))).toEqual(KINDS.map(({ active }) => active));
  });

  it("is what the shop's sub count, its popularity sort and the slot check count", async () => {
    const { plan, price } = await givenOneOfEachKind();
    const expected = KINDS.filter(({ active }) => active).length;
    const db = ctx.database.db;
    expect(await countActiveSubscriptionsOfPrice(db, price.id, now)).toBe(expected);
    expect((await loadActiveSubscriptionCounts(db, now)).get(plan.id)).toBe(expected);
    const [stats] = await findActiveSubscriptionStats(db, [price.id], now);
    expect(stats?.subCount).toBe(expected);
    // The next running one to end: paused ones do not end on their expire date.
    expect(new Date(stats?.nextExpiry ?? 0)).toEqual(at(1));
  });

  it('keeps a paused one whose expire date passed during the pause: the client hears when it resumes', async () => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { price } = await givenPriceOf(ctx, developer.id);
    const plugin = await givenPluginOnPrice(
      ctx,
      { id: price.id, ownerId: developer.id },
      { name: 'Resuming Plugin', description: 'Paused over its end', sessionLimit: 0 },
    );
    const [sub] = await givenSubscriptions(ctx, price, [
      {
        startDate: at(-20),
        expireDate: at(-1),
        paused: true,
        pauseDate: at(-2),
        pauseDays: 5,
        pauseUsed: true,
      },
    ]);
    if (!sub) throw new Error('no subscription');
    expect(await findPausedUntil(ctx.database.db, sub.userId, plugin.id, now)).toEqual(at(3));
  });
});
