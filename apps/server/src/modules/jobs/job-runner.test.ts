import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import {
  daysFromNow,
  givenSubscription,
  givenUser,
  subscriptionRow,
} from '../subscriptions/money.fixtures.ts';
import { createSubscriptionServices } from '../subscriptions/subscription-services.ts';
import { createWalletService } from '../wallet/wallet.service.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { LEDGER_AUDIT_TASK, scheduledTasks, UNPAUSE_DUE_TASK } from './scheduled-tasks.ts';

let ctx: TestContext;
let runner: JobRunner;
const finished: { task: string; result: unknown }[] = [];
const errors: unknown[] = [];

const log = {
  debug: (details: object) => finished.push(details as { task: string; result: unknown }),
  error: (details: object) => errors.push(details),
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const wallet = createWalletService({ db });
  const { management } = createSubscriptionServices({
    db,
    clock: () => new Date(),
    wallet,
    developerSharePercent: 80,
  });
  runner = createJobRunner({
    db,
    log,
    tasks: scheduledTasks({ management, wallet, log }),
    pollingIntervalSeconds: 0.5,
  });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await ctx?.close();
});

async function waitFor(task: string, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const done = finished.find((entry) => entry.task === task);
    if (done) return done;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${task} did not run within ${timeoutMs} ms`);
}

describe('durable jobs on pg-boss (in the application database)', () => {
  it('runs the unpause sweep as a queued job', async () => {
    const user = await givenUser(ctx);
    const row = await givenSubscription(ctx, {
      userId: user.id,
      planId: 1,
      priceId: 1,
      paused: true,
      pauseUsed: true,
      pauseDays: 14,
      pauseDate: daysFromNow(-15),
      expireDate: daysFromNow(2),
    });
    expect(await runner.runSoon(UNPAUSE_DUE_TASK)).toEqual(expect.any(String));
    const done = await waitFor(UNPAUSE_DUE_TASK);
    expect(done.result).toEqual({ unpaused: expect.arrayContaining([row.id]) });
    expect((await subscriptionRow(ctx, row.id)).paused).toBe(false);
  });

  it('runs the ledger audit and logs no error on a consistent ledger', async () => {
    await runner.runSoon(LEDGER_AUDIT_TASK);
    const done = await waitFor(LEDGER_AUDIT_TASK);
    expect(done.result).toMatchObject({ ok: true });
    expect(errors).toEqual([]);
  });

  it('keeps the schedules in the database, so they survive a restart', async () => {
    // pg-boss' own table, read here only to prove the schedule is stored.
    const result = await ctx.database.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    const rows = (result as unknown as { rows: { name: string; cron: string }[] }).rows;
    expect(rows).toEqual(
      [
        { name: UNPAUSE_DUE_TASK, cron: '* * * * *' },
        { name: LEDGER_AUDIT_TASK, cron: '17 * * * *' },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
