import { notifications } from '@ember/db/schema/notifications';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPriceOf, givenSubscription, givenUser } from '../../../test-support/test-data.ts';
import { createNotificationServices } from '../notifications/index.ts';
import { createWalletService } from '../wallet/index.ts';
import { createSubscriptionServices } from './subscription-services.ts';

// Issue 35: holders are told when a pause is over, three days before a subscription ends and when
// it has ended; a sweep run again (a retried job, a second worker) tells nothing twice.

const ctx = useTestApp();

const DAY_MS = 86_400_000;

function managementAt(now: Date) {
  const db = ctx.database.db;
  const { notify, notifyAll } = createNotificationServices({
    db,
    clock: () => now,
    bot: null,
    publicUrl: ctx.env.PUBLIC_URL,
    dmRetrySeconds: 1,
    jobs: () => ctx.app.jobs,
  });
  return createSubscriptionServices({
    db,
    clock: () => now,
    wallet: createWalletService({ db }),
    developerSharePercent: 80,
    notify,
    notifyAll,
  }).management;
}

const noticesOf = async (userId: number) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((row) => ({
    kind: row.kind,
    planName: row.params.planName,
  }));

describe('subscription notices', () => {
  it('tells of a subscription ending in 3 days and of one that ended, once however often the sweep runs', async () => {
    const now = new Date();
    const owner = await givenUser(ctx);
    const { plan, price } = await givenPriceOf(ctx, owner.id);
    const holder = await givenUser(ctx);
    const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
    const held = { userId: holder.id, planId: plan.id, priceId: price.id };
    await givenSubscription(ctx, { ...held, expireDate: at(2.5) });
    await givenSubscription(ctx, { ...held, expireDate: at(-0.5) });
    // Neither: ends in a week, ended a month ago.
    await givenSubscription(ctx, { ...held, expireDate: at(7) });
    await givenSubscription(ctx, { ...held, expireDate: at(-30) });

    const management = managementAt(now);
    await management.noticeExpiries();
    await management.noticeExpiries();
    expect(await noticesOf(holder.id)).toEqual(
      expect.arrayContaining([
        { kind: 'SUBSCRIPTION_ENDING', planName: plan.name },
        { kind: 'SUBSCRIPTION_ENDED', planName: plan.name },
      ]),
    );
    expect(await noticesOf(holder.id)).toHaveLength(2);
  });

  it('tells the holder when the automatic unpause resumes their subscription', async () => {
    const now = new Date();
    const owner = await givenUser(ctx);
    const { plan, price } = await givenPriceOf(ctx, owner.id);
    const holder = await givenUser(ctx);
    await givenSubscription(ctx, {
      userId: holder.id,
      planId: plan.id,
      priceId: price.id,
      expireDate: new Date(now.getTime() + 20 * DAY_MS),
      paused: true,
      pauseUsed: true,
      pauseDate: new Date(now.getTime() - 6 * DAY_MS),
      pauseDays: 5,
    });
    const management = managementAt(now);
    await management.unpauseDue();
    await management.unpauseDue();
    expect(await noticesOf(holder.id)).toEqual([{ kind: 'PAUSE_ENDED', planName: plan.name }]);
  });
});
