import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  daysFromNow,
  expectLedgerClean,
  givenPausedSubscription,
  givenSubscription,
  givenUser,
  subscriptionRow,
} from '../../../test-support/test-data.ts';
import { createSubscriptionServices } from '../subscriptions/subscription-services.ts';
import { createWalletService } from '../wallet/wallet.service.ts';

const ctx = useTestApp();

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function servicesAt(now: Date) {
  const db = ctx.database.db;
  return createSubscriptionServices({
    db,
    clock: () => now,
    wallet: createWalletService({ db }),
    developerSharePercent: 80,
  }).management;
}

describe('the automatic unpause (unpauseDue)', () => {
  it('leaves the demo subscription paused three days ago alone today', async () => {
    const management = servicesAt(new Date());
    const resumed = await management.unpauseDue();
    const demoPaused = await ctx.database.db.query.subscriptions.findMany({
      where: (s, { eq, and }) => and(eq(s.paused, true), eq(s.priceId, 15)),
    });
    expect(demoPaused.length).toBeGreaterThan(0);
    expect(resumed).not.toContain(demoPaused[0]?.id);
    // Eleven days later its 14 days are over.
    const later = servicesAt(daysFromNow(11.01));
    expect(await later.unpauseDue()).toContain(demoPaused[0]?.id);
  });

  it('resumes exactly the subscriptions whose pause days are over, keeping the time they had left', async () => {
    const now = new Date(Date.UTC(2031, 0, 20, 12, 0, 0));
    const user = await givenUser(ctx);
    const base = { userId: user.id, planId: 1, priceId: 1, pauseUsed: true, paused: true };
    const due = await givenSubscription(ctx, {
      ...base,
      pauseDate: new Date(now.getTime() - 14 * DAY_MS - 3 * MINUTE_MS),
      pauseDays: 14,
      expireDate: new Date(now.getTime() - 2 * DAY_MS),
    });
    const dueExactlyNow = await givenSubscription(ctx, {
      ...base,
      pauseDate: new Date(now.getTime() - 5 * DAY_MS),
      pauseDays: 5,
      expireDate: new Date(now.getTime() + DAY_MS),
    });
    const notYet = await givenSubscription(ctx, {
      ...base,
      pauseDate: new Date(now.getTime() - 13 * DAY_MS),
      pauseDays: 14,
      expireDate: new Date(now.getTime() + DAY_MS),
    });

    // The sweep also resumes the demo data's paused subscription, long over by then; only ours matter here.
    const resumed = await servicesAt(now).unpauseDue();
    expect(resumed).toEqual(expect.arrayContaining([due.id, dueExactlyNow.id]));
    expect(resumed).not.toContain(notYet.id);

    const after = await subscriptionRow(ctx, due.id);
    expect(after).toMatchObject({ paused: false, pauseUsed: true });
    // The time left when it was paused is the time left now.
    const leftAtPause = (due.expireDate?.getTime() ?? 0) - (due.pauseDate?.getTime() ?? 0);
    expect((after.expireDate?.getTime() ?? 0) - now.getTime()).toBe(leftAtPause);
    expect((await subscriptionRow(ctx, notYet.id)).paused).toBe(true);
  });

  it('is idempotent: a second sweep changes nothing', async () => {
    const now = new Date(Date.UTC(2031, 5, 1));
    const row = await givenPausedSubscription(ctx, {
      pauseDate: new Date(now.getTime() - 15 * DAY_MS),
      expireDate: new Date(now.getTime() - 10 * DAY_MS),
    });
    const management = servicesAt(now);
    expect(await management.unpauseDue()).toContain(row.id);
    const once = await subscriptionRow(ctx, row.id);
    expect(await management.unpauseDue()).not.toContain(row.id);
    expect(await subscriptionRow(ctx, row.id)).toEqual(once);
    await expectLedgerClean(ctx);
  });
});
