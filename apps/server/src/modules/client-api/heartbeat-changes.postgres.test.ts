import { fileURLToPath } from 'node:url';
import { createDbClient, type DbClient } from '@ember/db/client';
import { users } from '@ember/db/schema/users';
import { createTestDatabase } from '@ember/db/test-support/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { createTestAppOn, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { buildApp } from '../../app.ts';
import {
  CLIENT_BASE,
  freshDataDir,
  movableClock,
  SHOP_BASE,
  signInClientWith,
} from './client-api.fixtures.ts';
import { heartbeatOn, twoProcessPlayers } from './heartbeat.fixtures.ts';

// Issue 36: a heartbeat is answered from a process's memory while nothing deciding the limits moved.
// Every change below is made through one app (process) while the other already answers the
// session's heartbeats from memory; the other's next heartbeat must apply it. Two apps, each with
// its own pool on one PostgreSQL database, as two processes behind the balancer; each keeps the
// client tokens' checks in memory while it hears the database's notifications (decision 0044).

let ctx: TestContext;
let secondPool: DbClient;
let second: FastifyInstance;
const clock = movableClock();

beforeAll(async () => {
  const database = await createTestDatabase();
  const url = database.url ?? '';
  // Both listen on the test's database for the changes of client standings, as deployed processes do.
  ctx = await createTestAppOn(
    database,
    { DATA_DIR: await freshDataDir(), DATABASE_URL: url, SEED_ON_EMPTY: 'true' },
    { clock },
  );
  secondPool = createDbClient({ databaseUrl: url, maxConnections: 5 });
  second = await buildApp({
    env: ctx.env,
    database: secondPool,
    clock,
    webDistDir: fileURLToPath(new URL('../../../test-support/fixtures/web-dist', import.meta.url)),
  });
});

afterAll(async () => {
  await second?.close();
  await secondPool?.close();
  await ctx?.close();
});

type Headers = Record<string, string>;
const { open, playerRunningAPlugin, runningOnTheSecond } = twoProcessPlayers(
  () => ctx,
  () => second,
);

describe('a heartbeat answered from memory still applies every change made through another process', () => {
  it('(both processes hear the database: each holds a LISTEN connection for client standings)', async () => {
    const listening = (await ctx.database.db.execute(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name like 'ember-client %'`,
    )) as { rows: { n: number }[] };
    expect(listening.rows[0]?.n).toBe(2);
  });

  it('a pause', async () => {
    const { website, client, sessionId, subscriptionId } = await playerRunningAPlugin();
    await runningOnTheSecond(client, sessionId);
    const paused = await ctx.app.inject({
      method: 'PUT',
      url: `${SHOP_BASE}/subscriptions/${subscriptionId}/pause?days=3`,
      headers: website,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const beat = await heartbeatOn(second, client, sessionId);
    expect(beat.statusCode).toBe(403);
    expect(beat.json().message).toMatch(/^Heartbeat Plugin \d+ is paused until \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
  });

  it('a refund', async () => {
    const { client, sessionId, subscriptionId } = await playerRunningAPlugin();
    await runningOnTheSecond(client, sessionId);
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `${SHOP_BASE}/subscriptions/refund`,
      headers: await asUser(ctx, 'admin', { clock }),
      payload: { id: subscriptionId },
    });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    expect((await heartbeatOn(second, client, sessionId)).statusCode).toBe(403);
  });

  it('a staff expiry', async () => {
    const { client, sessionId, subscriptionId } = await playerRunningAPlugin();
    await runningOnTheSecond(client, sessionId);
    const expired = await ctx.app.inject({
      method: 'PUT',
      url: `${SHOP_BASE}/subscriptions/${subscriptionId}/expire`,
      headers: await asUser(ctx, 'admin', { clock }),
    });
    expect(expired.statusCode, expired.body).toBeLessThan(300);
    expect((await heartbeatOn(second, client, sessionId)).statusCode).toBe(403);
  });

  it('an expiry that only time brings (no write at all)', async () => {
    const { client, sessionId, subscriptionId } = await playerRunningAPlugin();
    await ctx.database.db.execute(
      `update subscriptions set expire_date = '${new Date(clock().getTime() + 60_000).toISOString()}' where id = ${subscriptionId}`,
    );
    await runningOnTheSecond(client, sessionId);
    clock.advance(61_000);
    expect((await heartbeatOn(second, client, sessionId)).statusCode).toBe(403);
  });

  it('a lower session limit on the price, and a plugin switched off by the subscriber', async () => {
    const first = await playerRunningAPlugin({ sessionLimit: 2 });
    const [pluginId] = await secondSessionOf(first.client, first.sessionId);
    const newer = await open(first.client, pluginId);
    await runningOnTheSecond(first.client, newer);
    await ctx.database.db.execute(`update plugin_links set session_limit = 1 where plugin_id = ${pluginId}`);
    expect((await heartbeatOn(second, first.client, newer)).statusCode).toBe(403);
    await runningOnTheSecond(first.client, first.sessionId);

    const link = (await ctx.database.db.execute(
      `select id from plugin_links where plugin_id = ${pluginId}`,
    )) as {
      rows: { id: number }[];
    };
    const linkId = link.rows[0]?.id;
    const switchedOff = await ctx.app.inject({
      method: 'POST',
      url: `${SHOP_BASE}/disabled-plugin-links?subscriptionId=${first.subscriptionId}&pluginLinkId=${linkId}`,
      headers: first.website,
    });
    expect(switchedOff.statusCode, switchedOff.body).toBeLessThan(300);
    expect((await heartbeatOn(second, first.client, first.sessionId)).statusCode).toBe(403);
  });

  it('VIP ending: the newest client sessions end', async () => {
    const vip = await givenUser(ctx, { vipUntil: new Date(clock().getTime() + 30_000) });
    const client = await signInClientWith(ctx, await headersFor(ctx, vip.id));
    const sessions = [await open(client, 0), await open(client, 0)];
    for (const sessionId of sessions) await runningOnTheSecond(client, sessionId);
    clock.advance(31_000);
    expect((await heartbeatOn(second, client, sessions[1] ?? '')).statusCode).toBe(403);
    expect((await heartbeatOn(second, client, sessions[0] ?? '')).statusCode).toBe(200);
  });

  it('a ban, a hold, and a revoked client sign-in', async () => {
    const banned = await playerRunningAPlugin();
    await runningOnTheSecond(banned.client, banned.sessionId);
    const ban = await ctx.app.inject({
      method: 'DELETE',
      url: `${SHOP_BASE}/users/${banned.player.id}/ban`,
      headers: await asUser(ctx, 'admin', { clock }),
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await heartbeatOn(second, banned.client, banned.sessionId)).statusCode).toBe(401);

    const held = await playerRunningAPlugin();
    await runningOnTheSecond(held.client, held.sessionId);
    await ctx.database.db
      .update(users)
      .set({ heldAt: clock(), holdReason: 'A disputed card payment' })
      .where(eq(users.id, held.player.id));
    expect((await heartbeatOn(second, held.client, held.sessionId)).statusCode).toBe(403);

    const revoked = await playerRunningAPlugin();
    await runningOnTheSecond(revoked.client, revoked.sessionId);
    const tokens = await ctx.app.inject({
      method: 'GET',
      url: `${SHOP_BASE}/client-tokens`,
      headers: revoked.website,
    });
    const [token] = tokens.json() as { id: number }[];
    const signedOut = await ctx.app.inject({
      method: 'DELETE',
      url: `${SHOP_BASE}/client-tokens/${token?.id}`,
      headers: revoked.website,
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect((await heartbeatOn(second, revoked.client, revoked.sessionId)).statusCode).toBe(401);
  });

  it('a session killed by staff, and Reset Sessions', async () => {
    const killed = await playerRunningAPlugin();
    await runningOnTheSecond(killed.client, killed.sessionId);
    const kill = await ctx.app.inject({
      method: 'PUT',
      url: `${SHOP_BASE}/sessions/kill`,
      headers: await asUser(ctx, 'admin', { clock }),
      payload: { id: killed.sessionId },
    });
    expect(kill.statusCode, kill.body).toBe(200);
    expect((await heartbeatOn(second, killed.client, killed.sessionId)).statusCode).toBe(404);

    const reset = await playerRunningAPlugin();
    await runningOnTheSecond(reset.client, reset.sessionId);
    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: `${SHOP_BASE}/sessions`,
      headers: reset.website,
    });
    expect(cleared.statusCode, cleared.body).toBeLessThan(300);
    expect((await heartbeatOn(second, reset.client, reset.sessionId)).statusCode).toBe(404);
  });
});

/** The plugin of a running session (the first app's session list). */
async function secondSessionOf(client: Headers, sessionId: string): Promise<[number]> {
  const listed = await ctx.app.inject({ method: 'GET', url: `${CLIENT_BASE}/sessions`, headers: client });
  const session = (listed.json() as { sessionId: string; pluginId: number }[]).find(
    (s) => s.sessionId === sessionId,
  );
  if (!session) throw new Error('the session is not running');
  return [session.pluginId];
}
