import { fileURLToPath } from 'node:url';
import { createDbClient, type DbClient } from '@ember/db/client';
import { users } from '@ember/db/schema/users';
import { createTestDatabase } from '@ember/db/test-support/test-database';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { type CuttableProxy, startCuttableProxy } from '../../../test-support/cuttable-proxy.ts';
import { createTestAppOn, type TestContext } from '../../../test-support/test-app.ts';
import { buildApp } from '../../app.ts';
import { freshDataDir, SHOP_BASE } from './client-api.fixtures.ts';
import { heartbeatOn, twoProcessPlayers } from './heartbeat.fixtures.ts';

// Issue 36 (decision 0044): a process keeps client tokens' checks only while it hears the database's
// notifications of their changes. The second app's LISTEN connection goes through a proxy the test
// cuts, stalls or whose backend it terminates: a change made meanwhile (through the first app, which
// does not listen) must still apply on the second's next heartbeat, the second reading every check
// until it hears again.

const FIXTURE_DIST = fileURLToPath(new URL('../../../test-support/fixtures/web-dist', import.meta.url));
/** The port range of this test's proxy. */
const PORTS = { first: 3440, last: 3459 };

let ctx: TestContext;
let proxy: CuttableProxy;
let secondPool: DbClient;
let second: FastifyInstance;

beforeAll(async () => {
  const database = await createTestDatabase();
  const url = database.url ?? '';
  ctx = await createTestAppOn(database, { DATA_DIR: await freshDataDir() });
  proxy = await startCuttableProxy(url, PORTS);
  secondPool = createDbClient({ databaseUrl: url, maxConnections: 5 });
  second = await buildApp({
    env: { ...ctx.env, DATABASE_URL: proxy.url },
    database: secondPool,
    webDistDir: FIXTURE_DIST,
  });
});

afterAll(async () => {
  await second?.close();
  await secondPool?.close();
  await proxy?.close();
  await ctx?.close();
});

const { playerRunningAPlugin, runningOnTheSecond } = twoProcessPlayers(
  () => ctx,
  () => second,
);

/** A hold nobody is told about: written with the triggers off (as a restore would), so only a read shows it. */
async function holdUnheard(userId: number) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ heldAt: new Date(), holdReason: 'Unannounced' }).where(eq(users.id, userId));
  });
}

/** Released as the application does it: every listening process is told. */
async function release(userId: number) {
  await ctx.database.db.update(users).set({ heldAt: null, holdReason: null }).where(eq(users.id, userId));
}

/** Whether the second app answers a player's heartbeat from what it kept: an unheard hold does not show. */
async function keptOnTheSecond(player: Awaited<ReturnType<typeof playerRunningAPlugin>>) {
  expect((await heartbeatOn(second, player.client, player.sessionId)).statusCode).toBe(200);
  await holdUnheard(player.player.id);
  const status = (await heartbeatOn(second, player.client, player.sessionId)).statusCode;
  await release(player.player.id);
  return status === 200;
}

async function pause(player: { website: Record<string, string>; subscriptionId: number }) {
  const paused = await ctx.app.inject({
    method: 'PUT',
    url: `${SHOP_BASE}/subscriptions/${player.subscriptionId}/pause?days=3`,
    headers: player.website,
  });
  expect(paused.statusCode, paused.body).toBe(200);
}

/** Polls until `check` holds. */
async function within(ms: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function listenerPid(): Promise<number | null> {
  const result = (await ctx.database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and application_name like 'ember-client %'`,
  )) as unknown as { rows: { pid: number }[] };
  return result.rows[0] ? Number(result.rows[0].pid) : null;
}

describe('a process that cannot hear the changes of client standings', () => {
  it('keeps checks while it hears (a change nobody is told about does not show there)', async () => {
    const player = await playerRunningAPlugin();
    await runningOnTheSecond(player.client, player.sessionId);
    expect(await keptOnTheSecond(player)).toBe(true);
  });

  it('reads every check while its LISTEN connection is cut, and keeps them again once it listens', async () => {
    const paused = await playerRunningAPlugin();
    await runningOnTheSecond(paused.client, paused.sessionId);
    const other = await playerRunningAPlugin();
    await runningOnTheSecond(other.client, other.sessionId);

    proxy.cut();
    // The pause's notification never reaches the second app: its next heartbeat reads, and applies it.
    await pause(paused);
    expect((await heartbeatOn(second, paused.client, paused.sessionId)).statusCode).toBe(403);
    // Nothing is kept meanwhile: even a change nobody is told about shows at once.
    expect(await keptOnTheSecond(other)).toBe(false);

    proxy.restore();
    await within(15_000, () => keptOnTheSecond(other));
    const ban = await ctx.app.inject({
      method: 'DELETE',
      url: `${SHOP_BASE}/users/${other.player.id}/ban`,
      headers: await asUser(ctx, 'admin'),
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await heartbeatOn(second, other.client, other.sessionId)).statusCode).toBe(401);
  });

  it('gives up on a kept check when its LISTEN connection goes silent, and reads it', async () => {
    const player = await playerRunningAPlugin();
    await runningOnTheSecond(player.client, player.sessionId);
    proxy.stall();
    try {
      await pause(player);
      // The round trip that would prove the pause was heard never comes back: after its timeout
      // (3 s) the connection counts as lost and the check is read.
      const started = performance.now();
      expect((await heartbeatOn(second, player.client, player.sessionId)).statusCode).toBe(403);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      proxy.restore();
    }
  });

  it('forgets what it kept when its LISTEN backend is terminated, and listens again', async () => {
    const player = await playerRunningAPlugin();
    await runningOnTheSecond(player.client, player.sessionId);
    await within(15_000, async () => (await listenerPid()) !== null);
    const before = await listenerPid();
    await ctx.database.db.execute(sql`select pg_terminate_backend(${before})`);
    await pause(player);
    expect((await heartbeatOn(second, player.client, player.sessionId)).statusCode).toBe(403);
    await within(15_000, async () => {
      const now = await listenerPid();
      return now !== null && now !== before;
    });
    const other = await playerRunningAPlugin();
    await runningOnTheSecond(other.client, other.sessionId);
    await within(15_000, () => keptOnTheSecond(other));
  });
});
