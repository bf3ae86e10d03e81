import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applicationJobsOn, recordingLog, waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { daysFromNow, givenPausedSubscription, subscriptionRow } from '../../../test-support/test-data.ts';
import {
  type applicationJobs,
  EXPIRY_NOTICES_JOB,
  LEDGER_AUDIT_JOB,
  UNPAUSE_DUE_JOB,
} from './application-jobs.ts';
import { defineJob, InvalidJobPayloadError } from './define-job.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

let ctx: TestContext;
let queue: JobQueue;
const log = recordingLog();

const greet = defineJob({
  name: 'test-greet',
  payload: z.object({ name: z.string().min(1) }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 10,
  handler: async ({ name }) => ({ greeting: `hello ${name}` }),
});

let jobs: ReturnType<typeof applicationJobs>;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  jobs = applicationJobsOn(db);
  queue = createJobQueue({ db, log, definitions: [...jobs.all, greet], pollingIntervalSeconds: 0.5 });
  await queue.start({ work: true });
});

afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

const finishedRun = (job: string) =>
  waitUntil(`${job} finished`, () => log.debugs.find((entry) => entry.job === job));

const queuedCount = async (name: string) => {
  const result = await ctx.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${name}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
};

describe('durable jobs on pg-boss (in the application database)', () => {
  it('runs the unpause sweep as a queued job', async () => {
    const row = await givenPausedSubscription(ctx, {
      pauseDate: daysFromNow(-15),
      expireDate: daysFromNow(2),
    });
    expect(await queue.send(jobs.unpauseDue, {})).toEqual(expect.any(String));
    const done = await finishedRun(UNPAUSE_DUE_JOB);
    expect(done.result).toEqual({ unpaused: expect.arrayContaining([row.id]) });
    expect((await subscriptionRow(ctx, row.id)).paused).toBe(false);
  });

  it('runs the ledger audit and logs its result at debug, no error, on a consistent ledger', async () => {
    await queue.send(jobs.ledgerAudit, {});
    const done = await finishedRun(LEDGER_AUDIT_JOB);
    expect(done.result).toMatchObject({ ok: true });
    expect(log.errors).toEqual([]);
  });

  it('keeps the schedules in the database, so they survive a restart', async () => {
    // pg-boss' own table, read here only to prove the schedule is stored.
    const result = await ctx.database.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    const rows = (result as unknown as { rows: { name: string; cron: string }[] }).rows;
    expect(rows).toEqual(
      [
        { name: UNPAUSE_DUE_JOB, cron: '* * * * *' },
        { name: LEDGER_AUDIT_JOB, cron: '17 * * * *' },
        { name: EXPIRY_NOTICES_JOB, cron: '41 * * * *' },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('hands the handler its validated payload and logs the finished job at debug', async () => {
    const id = await queue.send(greet, { name: 'Ada' });
    const done = await waitUntil('greet finished', () => log.debugs.find((entry) => entry.id === id));
    expect(done).toMatchObject({ job: 'test-greet', retryCount: 0, result: { greeting: 'hello Ada' } });
  });

  it('refuses a payload that does not match the schema and enqueues nothing', async () => {
    const before = await queuedCount(greet.name);
    // @ts-expect-error: the payload type already forbids this; the schema guards untyped callers.
    await expect(queue.send(greet, { name: 42 })).rejects.toThrow(InvalidJobPayloadError);
    await expect(queue.send(greet, { name: '' })).rejects.toThrow(
      /Invalid payload for job test-greet: name:/,
    );
    expect(await queuedCount(greet.name)).toBe(before);
  });
});
