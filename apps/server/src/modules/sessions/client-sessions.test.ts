import { PSEUDO_PLUGIN_NAMES } from '@ember/contracts/constants';
import { formatLongDate } from '@ember/contracts/format';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { clientSessions, sessionLogs } from '@ember/db/schema/sessions';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import {
  CLIENT_BASE,
  freshDataDir,
  movableClock,
  SHOP_BASE,
  signInClient,
} from '../client-api/client-api.fixtures.ts';
import { createSessionLimits } from './client-session-limits.ts';
import { clientSessionJobs } from './client-sessions.jobs.ts';
import { createClientSessions } from './client-sessions.service.ts';
import { createLastUpdateBatcher } from './last-update-batcher.ts';

const HOUR_MS = 3_600_000;
let ctx: TestContext;
const clock = movableClock();
let customer: Record<string, string>;
let vip: Record<string, string>;

/** A plugin the customer gets through their Rooftop Runner subscription (price 1) with a limit of 2. */
const LIMITED_PLUGIN = { id: 20, priceId: 1 };

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir() }, { clock });
  customer = await signInClient(ctx, 'customer', clock);
  vip = await signInClient(ctx, 'vip', clock);
  const linked = await ctx.app.inject({
    method: 'POST',
    url: `${SHOP_BASE}/plugin-links?priceId=${LIMITED_PLUGIN.priceId}`,
    headers: await asUser(ctx, 'admin', { clock }),
    payload: { pluginId: LIMITED_PLUGIN.id, sessions: 2 },
  });
  if (linked.statusCode >= 300) throw new Error(`plugin link: ${linked.statusCode} ${linked.body}`);
});

afterAll(async () => {
  await ctx?.close();
});

const open = (headers: Record<string, string>, pluginId: number) =>
  ctx.app.inject({ method: 'POST', url: `${CLIENT_BASE}/sessions`, headers, payload: { pluginId } });
const heartbeat = (headers: Record<string, string>, sessionId: string) =>
  ctx.app.inject({ method: 'POST', url: `${CLIENT_BASE}/sessions/${sessionId}/heartbeat`, headers });
const opened = async (headers: Record<string, string>, pluginId: number) => {
  const res = await open(headers, pluginId);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { sessionId: string }).sessionId;
};
const resetSessions = async (username: 'customer' | 'vip') =>
  ctx.app.inject({
    method: 'DELETE',
    url: `${SHOP_BASE}/sessions`,
    headers: await asUser(ctx, username, { clock }),
  });
const logsOf = (sessionId: string) =>
  ctx.database.db
    .select({
      exceeded: sessionLogs.exceeded,
      pluginName: sessionLogs.pluginName,
      userId: sessionLogs.userId,
      startedAt: sessionLogs.startedAt,
      lastUpdate: sessionLogs.lastUpdate,
    })
    .from(sessionLogs)
    .where(eq(sessionLogs.sessionId, sessionId));

const refusalsOfCustomer = () =>
  ctx.database.db
    .select({ sessionId: sessionLogs.sessionId })
    .from(sessionLogs)
    .where(and(eq(sessionLogs.userId, DEMO_USER_IDS.customer), eq(sessionLogs.exceeded, true)));

describe('client sessions', () => {
  it('give a free customer one client session, and a recorded vote reward one more while it lasts', async () => {
    const refusalsBefore = (await refusalsOfCustomer()).length;
    await resetSessions('customer');
    const first = await open(customer, 0);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      pluginId: 0,
      pluginName: 'Client',
      heartbeatSeconds: 30,
      timeoutSeconds: 120,
    });
    const second = await open(customer, 0);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      message: 'You have reached your session limit for Client (1 of 1 running).',
    });

    const { sessionId } = first.json() as { sessionId: string };
    const [openedLog] = await logsOf(sessionId);
    const beat = await heartbeat(customer, sessionId);
    expect(beat.statusCode).toBe(200);
    expect(beat.json()).toEqual({ sessionId, lastUpdate: expect.any(String) });
    // One row per session (ADR 0037): the heartbeat moves its last update (in the next batch of
    // last updates, once a second: ADR 0036), it adds no row. The poll waits past one batch window
    // (vitest's default of 1 s is the window itself, which a busy machine overruns).
    await expect
      .poll(() => logsOf(sessionId), { timeout: 5_000 })
      .toEqual([
        {
          exceeded: false,
          pluginName: 'Client',
          userId: DEMO_USER_IDS.customer,
          startedAt: openedLog?.startedAt,
          lastUpdate: new Date(beat.json().lastUpdate),
        },
      ]);
    expect(await refusalsOfCustomer()).toHaveLength(refusalsBefore + 1);
    // Each pseudo id has its own slot.
    expect((await open(customer, 65535)).statusCode).toBe(201);

    // A vote adds its reward's extra session (1 for 12 hours) on the next call.
    const voted = await ctx.app.inject({
      method: 'POST',
      url: `${SHOP_BASE}/votes`,
      headers: await asUser(ctx, 'customer', { clock }),
    });
    expect(voted.statusCode, voted.body).toBeLessThan(300);
    await opened(customer, 0);
    expect((await open(customer, 0)).json()).toEqual({
      message: 'You have reached your session limit for Client (2 of 2 running).',
    });

    // Past the reward (and the sessions' timeout): one again. This also ends the seed VIP's reward.
    clock.advance(13 * HOUR_MS);
    await opened(customer, 0);
    expect((await open(customer, 0)).statusCode).toBe(403);
  });

  it('let a VIP open five client sessions', async () => {
    await resetSessions('vip');
    for (let i = 0; i < 5; i++) await opened(vip, 0);
    const listed = await ctx.app.inject({ method: 'GET', url: `${CLIENT_BASE}/sessions`, headers: vip });
    expect((listed.json() as { pluginId: number }[]).filter((row) => row.pluginId === 0)).toHaveLength(5);
  });

  it("write a VIP's opens (sessions and their log rows) without leaving any connection's commits asynchronous", async () => {
    await resetSessions('vip');
    const ids = await Promise.all(Array.from({ length: 12 }, () => opened(vip, 0)));
    const rows = await ctx.database.db
      .select({ id: sessionLogs.sessionId })
      .from(sessionLogs)
      .where(eq(sessionLogs.userId, DEMO_USER_IDS.vip));
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(ids));
    // Decision 0078: the open relaxes only its own statement's commit; every pooled connection
    // (each one the opens above ran on) still waits for the flush on the next statement.
    const modes = await Promise.all(
      Array.from({ length: 12 }, () => ctx.database.db.execute(sql`show synchronous_commit`)),
    );
    for (const mode of modes)
      expect((mode as { rows: unknown[] }).rows).toEqual([{ synchronous_commit: 'on' }]);
  });

  it("apply a plugin link's session limit, and refuse plugins the user is not entitled to", async () => {
    await resetSessions('customer');
    await opened(customer, 0);
    await opened(customer, LIMITED_PLUGIN.id);
    await opened(customer, LIMITED_PLUGIN.id);
    const third = await open(customer, LIMITED_PLUGIN.id);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toMatch(/session limit for .+ \(2 of 2 running\)\.$/);

    const notEntitled = await open(customer, 15);
    expect(notEntitled.statusCode).toBe(403);
    // The demo customer holds Herb Run Helper through a paused subscription: the refusal says until when.
    expect(notEntitled.json().message).toMatch(
      /^Herb Run Helper is paused until \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
    );
    expect((await open(customer, 999_999)).statusCode).toBe(404);
    expect((await open(customer, -1)).statusCode).toBe(400);
  });

  it('shows the same limits in the account session table', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${SHOP_BASE}/sessions/by-user/${DEMO_USER_IDS.customer}`,
      headers: await asUser(ctx, 'customer', { clock }),
    });
    const rows = res.json() as { pluginId: number; active: number; max: number }[];
    expect(rows.find((row) => row.pluginId === LIMITED_PLUGIN.id)).toMatchObject({ active: 2, max: 2 });
    expect(rows.find((row) => row.pluginId === 0)).toMatchObject({ active: 1, max: 1 });
  });

  it('end a session on its next heartbeat once its subscription is paused', async () => {
    const [session] = await ctx.database.db
      .select({ id: clientSessions.id })
      .from(clientSessions)
      .where(
        and(
          eq(clientSessions.userId, DEMO_USER_IDS.customer),
          eq(clientSessions.pluginId, LIMITED_PLUGIN.id),
        ),
      );
    const [sub] = await ctx.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, DEMO_USER_IDS.customer),
          eq(subscriptions.priceId, LIMITED_PLUGIN.priceId),
        ),
      );
    const paused = await ctx.app.inject({
      method: 'PUT',
      url: `${SHOP_BASE}/subscriptions/${sub?.id}/pause?days=3`,
      headers: await asUser(ctx, 'customer', { clock }),
    });
    expect(paused.statusCode).toBe(200);
    const beat = await heartbeat(customer, session?.id ?? '');
    expect(beat.statusCode).toBe(403);
    // Paused: the refusal says when the plugin comes back (issue 34, item 4), three days from now.
    const until = new Date(clock().getTime() + 3 * 86_400_000);
    expect(beat.json().message).toBe(`Gem Crafter is paused until ${formatLongDate(until, 'UTC')}.`);
    const ended = await heartbeat(customer, session?.id ?? '');
    expect(ended.statusCode).toBe(404);
    expect(ended.json()).toEqual({ message: 'This session has ended. Open a new one.' });
    expect(await logsOf(session?.id ?? '')).toEqual([expect.objectContaining({ exceeded: true })]);
  });

  it('end the newest client sessions on their heartbeat when VIP ends', async () => {
    await resetSessions('vip');
    const sessions = [await opened(vip, 0), await opened(vip, 0), await opened(vip, 0)];
    await ctx.database.db.update(users).set({ vipUntil: clock() }).where(eq(users.id, DEMO_USER_IDS.vip));
    expect((await heartbeat(vip, sessions[2] ?? '')).statusCode).toBe(403);
    expect((await heartbeat(vip, sessions[1] ?? '')).statusCode).toBe(403);
    expect((await heartbeat(vip, sessions[0] ?? '')).statusCode).toBe(200);
  });

  it('free the slot after Reset sessions, and after the timeout without heartbeats', async () => {
    await resetSessions('customer');
    const first = await opened(customer, 0);
    expect((await open(customer, 0)).statusCode).toBe(403);
    expect((await resetSessions('customer')).json()).toMatchObject({ deleted: expect.any(Number) });
    expect((await heartbeat(customer, first)).statusCode).toBe(404);
    const second = await opened(customer, 0);

    clock.advance(121_000);
    expect((await heartbeat(customer, second)).statusCode).toBe(404);
    const third = await opened(customer, 0);
    const closed = await ctx.app.inject({
      method: 'DELETE',
      url: `${CLIENT_BASE}/sessions/${third}`,
      headers: customer,
    });
    expect(closed.statusCode).toBe(204);
    await opened(customer, 0);
  });

  it('answer a malformed session id with 4xx and another user’s session as ended', async () => {
    expect((await heartbeat(customer, 'not-a-uuid')).statusCode).toBe(400);
    const theirs = await opened(vip, 65536);
    expect((await heartbeat(customer, theirs)).statusCode).toBe(404);
    expect(PSEUDO_PLUGIN_NAMES[65536]).toBeDefined();
  });

  it('are swept by the recurring job once past the timeout', async () => {
    const sessions = createClientSessions({
      db: ctx.database.db,
      clock,
      limits: createSessionLimits({ timeoutSeconds: 120 }),
      batcher: createLastUpdateBatcher({ intervalMs: 1000, write: async () => {}, onError: () => {} }),
    });
    const job = clientSessionJobs({ deleteStale: () => sessions.deleteStale() }).deleteStale;
    expect(job.schedule?.cron).toBe('* * * * *');
    await resetSessions('customer');
    const stale = await opened(customer, 0);
    clock.advance(121_000);
    const current = await opened(customer, 0);
    const result = (await job.handler({}, { id: 'test', retryCount: 0 })) as { deleted: number };
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db.select({ id: clientSessions.id }).from(clientSessions);
    expect(left.map((row) => row.id)).toContain(current);
    expect(left.map((row) => row.id)).not.toContain(stale);
  });
});
