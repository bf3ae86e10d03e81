import { sessionLogDays, sessionLogs, sessionLogUserDays } from '@ember/db/schema/sessions';
import { makeSessionLog } from '@ember/db/seed/factories';
import {
  createSessionLogPartitions,
  listSessionLogPartitions,
  SESSION_LOG_DAYS_AHEAD,
  utcDayOf,
} from '@ember/db/session-log-partitions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { movableClock } from '../client-api/client-api.fixtures.ts';
import { createSessionLogUpkeep } from './session-log-upkeep.ts';
import { SESSION_LOG_PARTITIONS_JOB, sessionLogJobs } from './session-logs.jobs.ts';

// The day partitions of session_logs (ADR 0037): made ahead as the app starts and by the hourly
// job, dropped by the job once past SESSION_LOG_RETENTION_DAYS, on the app's clock.

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 30;
let ctx: TestContext;
const clock = movableClock();

beforeAll(async () => {
  ctx = await createTestApp({ SESSION_LOG_RETENTION_DAYS: String(RETENTION_DAYS) }, { clock });
});

afterAll(async () => {
  await ctx?.close();
});

const daysFrom = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

const runJob = async () => {
  const upkeep = createSessionLogUpkeep({ db: ctx.database.db, clock, retentionDays: RETENTION_DAYS });
  const job = sessionLogJobs({ upkeep: upkeep.run }).partitions;
  expect(job.name).toBe(SESSION_LOG_PARTITIONS_JOB);
  expect(job.schedule?.cron).toBe('7 * * * *');
  return (await job.handler({}, { id: 'test', retryCount: 0 })) as {
    created: number;
    dropped: number;
    counted: number;
  };
};

async function sessionStartedOn(day: Date) {
  const user = await givenUser(ctx);
  const row = makeSessionLog({
    userId: user.id,
    sessionId: crypto.randomUUID(),
    startedAt: day,
    lastUpdate: day,
  });
  await ctx.database.db.insert(sessionLogs).values(row);
  return row.sessionId;
}

/** The days that have a bound, and the days some user has rows in (decision 0049). */
const boundDays = async () =>
  (
    await ctx.database.db.select({ day: sessionLogDays.day }).from(sessionLogDays).orderBy(sessionLogDays.day)
  ).map((row) => row.day);
const userDays = async () =>
  new Set(
    (await ctx.database.db.select({ day: sessionLogUserDays.day }).from(sessionLogUserDays)).map(
      (row) => row.day,
    ),
  );

const sessionIdsOnPage = async () =>
  (await ctx.database.db.select({ sessionId: sessionLogs.sessionId }).from(sessionLogs)).map(
    (row) => row.sessionId,
  );

describe('session-log partitions', () => {
  it(`exist from today to ${SESSION_LOG_DAYS_AHEAD} days ahead once the app has started`, async () => {
    const days = await listSessionLogPartitions(ctx.database.db);
    for (let ahead = 0; ahead <= SESSION_LOG_DAYS_AHEAD; ahead++) {
      expect(days).toContain(utcDayOf(daysFrom(clock(), ahead)));
    }
    // A session opened at the last moment kept ahead has its partition.
    expect(await sessionStartedOn(daysFrom(clock(), SESSION_LOG_DAYS_AHEAD))).toBeTruthy();
  });

  it('are dropped by the job once wholly older than the retention, and kept ahead as days pass', async () => {
    const now = clock();
    const expired = daysFrom(now, -(RETENTION_DAYS + 1));
    const oldestKept = daysFrom(now, -RETENTION_DAYS);
    await createSessionLogPartitions(ctx.database.db, expired, oldestKept);
    const gone = await sessionStartedOn(expired);
    const kept = await sessionStartedOn(oldestKept);

    const first = await runJob();
    expect(first.dropped).toBeGreaterThanOrEqual(1);
    const days = await listSessionLogPartitions(ctx.database.db);
    expect(days).not.toContain(utcDayOf(expired));
    expect(days).toContain(utcDayOf(oldestKept));
    const ids = await sessionIdsOnPage();
    expect(ids).not.toContain(gone);
    expect(ids).toContain(kept);
    // Each partition has its bound, and the dropped day's bound and user days went with it.
    expect(await boundDays()).toEqual(days);
    expect(await userDays()).toContain(utcDayOf(oldestKept));
    expect(await userDays()).not.toContain(utcDayOf(expired));

    // Ten days later the job has made the days from yesterday to a week ahead (nine new ones) and
    // dropped what aged out meanwhile.
    clock.advance(10 * DAY_MS);
    const later = await runJob();
    expect(later.created).toBeGreaterThanOrEqual(9);
    expect(later.dropped).toBeGreaterThanOrEqual(1);
    const laterDays = await listSessionLogPartitions(ctx.database.db);
    expect(laterDays).toContain(utcDayOf(daysFrom(clock(), SESSION_LOG_DAYS_AHEAD)));
    expect(laterDays.every((day) => day >= utcDayOf(daysFrom(clock(), -RETENTION_DAYS)))).toBe(true);
    expect(await sessionIdsOnPage()).not.toContain(kept);
    expect(await boundDays()).toEqual(laterDays);
    expect(await userDays()).not.toContain(utcDayOf(oldestKept));

    // A second run in the same hour changes nothing.
    expect(await runJob()).toEqual({ created: 0, dropped: 0, counted: 0 });
  });
});
