import type { SessionLogPage } from '@ember/contracts/session-logs';
import { sessionLogDays, sessionLogs, sessionLogUserDays } from '@ember/db/schema/sessions';
import { makeSessionLog } from '@ember/db/seed/factories';
import { createSessionLogPartitions, utcDayOf } from '@ember/db/session-log-partitions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import { CLIENT_BASE, freshDataDir, movableClock, signInClient } from '../client-api/client-api.fixtures.ts';
import { clientSessionsAccountTransfer } from './account-transfer.ts';
import { insertOpenedSession } from './client-sessions.repository.ts';
import { createSessionLogUpkeep } from './session-log-upkeep.ts';
import { recordSessionLog, touchSessionLogs } from './session-logs.repository.ts';
import { COUNTED_PAGES_AHEAD } from './session-logs-page.repository.ts';

let ctx: TestContext;
const clock = movableClock();

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir(), SESSION_LOG_RETENTION_DAYS: '30' }, { clock });
});

afterAll(async () => {
  await ctx?.close();
});

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function logs(query: string, viewer: Parameters<typeof asUser>[1] | null = 'staff') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/shop/session-logs${query ? `?${query}` : ''}`,
    headers: viewer ? await asUser(ctx, viewer, { clock }) : {},
  });
}

/**
 * A user with one session per entry, each started an hour before its last update, `minutesAhead`
 * of now (ahead: newer than every other row of the database).
 */
async function givenSessions(rows: { minutesAhead: number; pluginName?: string; exceeded?: boolean }[]) {
  const user = await givenUser(ctx);
  const values = rows.map((row) => {
    const lastUpdate = new Date(clock().getTime() + row.minutesAhead * MINUTE_MS);
    return makeSessionLog({
      userId: user.id,
      sessionId: crypto.randomUUID(),
      pluginId: 12,
      pluginName: row.pluginName ?? 'Rooftop Runner',
      exceeded: row.exceeded ?? false,
      startedAt: new Date(lastUpdate.getTime() - HOUR_MS),
      lastUpdate,
    });
  });
  await ctx.database.db.insert(sessionLogs).values(values);
  return { user, sessionIds: values.map((value) => value.sessionId) };
}

const rowsOf = (sessionId: string) =>
  ctx.database.db.select().from(sessionLogs).where(eq(sessionLogs.sessionId, sessionId));

describe('a game-client session on /session-logs', () => {
  it('is one row from its open through every heartbeat, its last update the latest heartbeat', async () => {
    const client = await signInClient(ctx, 'vip', clock);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: `${CLIENT_BASE}/sessions`,
      headers: client,
      payload: { pluginId: 0 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { sessionId } = opened.json<{ sessionId: string }>();
    let lastBeat = '';
    for (let beat = 0; beat < 5; beat++) {
      clock.advance(30_000);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${CLIENT_BASE}/sessions/${sessionId}/heartbeat`,
        headers: client,
      });
      expect(res.statusCode, res.body).toBe(200);
      lastBeat = res.json<{ lastUpdate: string }>().lastUpdate;
    }
    // Heartbeats that change nothing reach the database in the next batch, a second later (ADR 0036);
    // the poll allows a busy machine's late timers (vitest's default gives up after one second).
    await expect
      .poll(
        async () => {
          const page = (await logs('size=100')).json<SessionLogPage>();
          return {
            rows: page.content.filter((row) => row.sessionId === sessionId),
            first: page.content[0]?.sessionId,
          };
        },
        { timeout: 10_000 },
      )
      .toEqual({
        rows: [
          {
            sessionId,
            discordId: expect.any(String),
            pluginName: 'Client',
            lastUpdate: lastBeat,
            exceeded: false,
          },
        ],
        first: sessionId,
      });
  });

  it('is marked Exceeded when its open was refused over the limit', async () => {
    const client = await signInClient(ctx, 'customer', clock);
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/shop/sessions',
      headers: await asUser(ctx, 'customer', { clock }),
    });
    const open = () =>
      ctx.app.inject({
        method: 'POST',
        url: `${CLIENT_BASE}/sessions`,
        headers: client,
        payload: { pluginId: 0 },
      });
    expect((await open()).statusCode).toBe(201);
    clock.advance(1000);
    const refused = await open();
    expect(refused.statusCode).toBe(403);
    const page = (await logs('size=2')).json<SessionLogPage>();
    expect(page.content.map((row) => row.exceeded)).toEqual([true, false]);
  });

  it('keeps its last update moving forward only, and Exceeded once set', async () => {
    const { user, sessionIds } = await givenSessions([{ minutesAhead: -600 }]);
    const sessionId = sessionIds[0] ?? '';
    const [row] = await rowsOf(sessionId);
    const startedAt = row?.startedAt ?? new Date();
    const later = new Date(startedAt.getTime() + 2 * HOUR_MS);
    await touchSessionLogs(ctx.database.db, [
      { sessionId, startedAt, lastUpdate: later },
      { sessionId: crypto.randomUUID(), startedAt, lastUpdate: later },
    ]);
    await touchSessionLogs(ctx.database.db, [{ sessionId, startedAt, lastUpdate: startedAt }]);
    await touchSessionLogs(ctx.database.db, []);
    const common = { sessionId, userId: user.id, pluginId: 12, pluginName: 'Rooftop Runner', startedAt };
    await recordSessionLog(ctx.database.db, { ...common, lastUpdate: startedAt, exceeded: true });
    await recordSessionLog(ctx.database.db, { ...common, lastUpdate: startedAt, exceeded: false });
    expect(await rowsOf(sessionId)).toEqual([
      expect.objectContaining({ startedAt, lastUpdate: later, exceeded: true }),
    ]);
  });

  it('is skipped, not failed, when its day was dropped by the retention before a late refusal', async () => {
    const user = await givenUser(ctx);
    const sessionId = crypto.randomUUID();
    const startedAt = new Date(clock().getTime() - 400 * 24 * HOUR_MS);
    await ctx.database.db.transaction(async (tx) => {
      await recordSessionLog(tx, {
        sessionId,
        userId: user.id,
        pluginId: 0,
        pluginName: 'Client',
        startedAt,
        lastUpdate: clock(),
        exceeded: true,
      });
      await touchSessionLogs(tx, [{ sessionId, startedAt, lastUpdate: clock() }]);
    });
    expect(await rowsOf(sessionId)).toEqual([]);
  });
});

describe('GET /session-logs', () => {
  it('lists one row per session, newest update first, with the Discord id of its user and the retention', async () => {
    const { user } = await givenSessions([
      { minutesAhead: 60, pluginName: 'Older' },
      { minutesAhead: 180, pluginName: 'Newest', exceeded: true },
      { minutesAhead: 120, pluginName: 'Middle' },
    ]);
    const res = await logs('page=0&size=5');
    expect(res.statusCode).toBe(200);
    const page = res.json<SessionLogPage>();
    expect(page.retentionDays).toBe(30);
    expect(page.content.slice(0, 3).map((row) => row.pluginName)).toEqual(['Newest', 'Middle', 'Older']);
    expect(page.content[0]).toMatchObject({
      discordId: user.discordId,
      pluginName: 'Newest',
      exceeded: true,
    });
    const times = page.content.map((row) => Date.parse(row.lastUpdate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(page.content.map((row) => row.sessionId)).size).toBe(page.content.length);
    expect(page.totalPages).toBeGreaterThan(1);
  });

  it("filters by Discord id, and pages through one user's sessions", async () => {
    const { user } = await givenSessions([
      { minutesAhead: -60 },
      { minutesAhead: -120 },
      { minutesAhead: -180 },
    ]);
    const first = (await logs(`discordId=${user.discordId}&size=2`)).json<SessionLogPage>();
    expect(first.totalPages).toBe(2);
    expect(first.content).toHaveLength(2);
    expect(first.content.every((row) => row.discordId === user.discordId)).toBe(true);
    const second = (await logs(`discordId=${user.discordId}&size=2&page=1`)).json<SessionLogPage>();
    expect(second.content).toHaveLength(1);
    expect(Date.parse(second.content[0]?.lastUpdate ?? '')).toBeLessThan(
      Date.parse(first.content[1]?.lastUpdate ?? ''),
    );
    const nobody = (await logs('discordId=1')).json<SessionLogPage>();
    expect(nobody).toEqual({ content: [], totalPages: 0, retentionDays: 30 });
  });

  it(`counts no further than ${COUNTED_PAGES_AHEAD} pages ahead of the page asked for`, async () => {
    const count = COUNTED_PAGES_AHEAD + 10;
    const { user } = await givenSessions(Array.from({ length: count }, (_, i) => ({ minutesAhead: -i - 1 })));
    const first = (await logs(`discordId=${user.discordId}&size=1`)).json<SessionLogPage>();
    expect(first.totalPages).toBe(COUNTED_PAGES_AHEAD + 1);
    const later = (await logs(`discordId=${user.discordId}&size=1&page=20`)).json<SessionLogPage>();
    expect(later.totalPages).toBe(count);
  });

  it('puts a session that started days ago first once it beats the newest (decision 0049: its day’s bound follows)', async () => {
    const now = clock();
    await createSessionLogPartitions(ctx.database.db, new Date(now.getTime() - 5 * DAY_MS), now);
    const { user } = await givenSessions([
      { minutesAhead: 200 },
      { minutesAhead: 201 },
      { minutesAhead: 202 },
    ]);
    const sessionId = crypto.randomUUID();
    const startedAt = new Date(now.getTime() - 4 * DAY_MS);
    await recordSessionLog(ctx.database.db, {
      sessionId,
      userId: user.id,
      pluginId: 12,
      pluginName: 'Long Haul',
      startedAt,
      lastUpdate: startedAt,
      exceeded: false,
    });
    // Its day over, the upkeep counts it (again, if an earlier day row of the database was counted).
    await ctx.database.db.execute(sql`select session_logs_count_day(${utcDayOf(startedAt)}::date)`);
    const firstOf = async (query: string) =>
      (await logs(query)).json<SessionLogPage>().content.map((row) => row.sessionId);
    expect(await firstOf('size=2')).not.toContain(sessionId);
    expect((await firstOf(`discordId=${user.discordId}&size=2`)).includes(sessionId)).toBe(false);
    await touchSessionLogs(ctx.database.db, [
      { sessionId, startedAt, lastUpdate: new Date(now.getTime() + 203 * MINUTE_MS) },
    ]);
    expect((await firstOf('size=2'))[0]).toBe(sessionId);
    expect((await firstOf(`discordId=${user.discordId}&size=2`))[0]).toBe(sessionId);
    // An account transfer takes the user's days along: the receiver's filter finds the session.
    const receiver = await givenUser(ctx);
    await ctx.database.db.transaction((tx) => clientSessionsAccountTransfer.move(tx, user.id, receiver.id));
    const received = (await logs(`discordId=${receiver.discordId}&size=10`)).json<SessionLogPage>();
    expect(received.content.map((row) => row.sessionId)).toContain(sessionId);
    expect(received.totalPages).toBe(1);
    const given = (await logs(`discordId=${user.discordId}&size=10`)).json<SessionLogPage>();
    expect(given).toMatchObject({ content: [], totalPages: 0 });
  });

  it('finds an open at once although it wrote only its rows; its day is counted once over, a late row after that by the trigger (decision 0060)', async () => {
    const user = await givenUser(ctx);
    const day = utcDayOf(clock());
    const opened = crypto.randomUUID();
    await insertOpenedSession(ctx.database.db, {
      id: opened,
      userId: user.id,
      pluginId: 12,
      pluginName: 'Rooftop Runner',
      now: clock(),
    });
    const userDaysOf = () =>
      ctx.database.db
        .select({ day: sessionLogUserDays.day, sessions: sessionLogUserDays.sessions })
        .from(sessionLogUserDays)
        .where(eq(sessionLogUserDays.userId, user.id));
    expect(await userDaysOf()).toEqual([]);
    const filtered = async () => (await logs(`discordId=${user.discordId}&size=10`)).json<SessionLogPage>();
    expect(await filtered()).toMatchObject({ content: [{ sessionId: opened }], totalPages: 1 });

    // The day ended more than the margin ago: the hourly upkeep counts it in one aggregate.
    clock.advance(DAY_MS + 2 * HOUR_MS);
    await createSessionLogUpkeep({ db: ctx.database.db, clock, retentionDays: 30 }).run();
    expect(await userDaysOf()).toEqual([{ day, sessions: 1 }]);
    const [counted] = await ctx.database.db.select().from(sessionLogDays).where(eq(sessionLogDays.day, day));
    expect(counted?.usersCounted).toBe(true);
    expect(await filtered()).toMatchObject({ content: [{ sessionId: opened }], totalPages: 1 });

    // A refusal recorded late for another session of that day lands in a counted day: the trigger counts it.
    const late = crypto.randomUUID();
    const startedAt = new Date(`${day}T12:00:00Z`);
    await recordSessionLog(ctx.database.db, {
      sessionId: late,
      userId: user.id,
      pluginId: 12,
      pluginName: 'Rooftop Runner',
      startedAt,
      lastUpdate: clock(),
      exceeded: true,
    });
    expect(await userDaysOf()).toEqual([{ day, sessions: 2 }]);
    const both = await filtered();
    expect(both.content.map((row) => row.sessionId)).toEqual([late, opened]);
    expect((await logs('size=1')).json<SessionLogPage>().content[0]?.sessionId).toBe(late);
  });

  it('is for staff and admins: a customer is refused, a guest asked to sign in', async () => {
    expect((await logs('', 'admin')).statusCode).toBe(200);
    expect((await logs('', 'owner')).statusCode).toBe(200);
    const customer = await logs('', 'customer');
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ message: REFUSAL_MESSAGES.ROLE });
    expect((await logs('', 'developer')).statusCode).toBe(403);
    expect((await logs('', null)).statusCode).toBe(401);
  });

  it.each([
    ['size=0', /page size/],
    ['size=101', /page size/],
    ['page=-1', /page must be/],
    ['discordId=abc', /Discord id is a number/],
  ])('answers %s with a 400 and a message', async (query, message) => {
    const res = await logs(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
