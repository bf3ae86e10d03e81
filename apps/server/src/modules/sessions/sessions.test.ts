import { OWNER_ACCOUNT_ID } from '@ember/contracts/constants';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { clientSessions } from '@ember/db/schema/sessions';
import { votes } from '@ember/db/schema/votes';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  givenPlan,
  givenPluginOnPrice,
  givenPrice,
  givenSubscriptions,
  givenUser,
} from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const NOT_YOURS = REFUSAL_MESSAGES.NOT_YOURS;

const ctx = useTestApp();

const summaryOf = async (viewer: Parameters<typeof asUser>[1], userId: number) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/shop/sessions/by-user/${userId}`,
    headers: await asUser(ctx, viewer),
  });

describe('GET /sessions/by-user/{id}', () => {
  it('gives a free user one client session, plus their vote rewards, and counts live sessions only', async () => {
    const customer = DEMO_USER_IDS.customer;
    const before = (await summaryOf('customer', customer)).json()[0].active as number;
    await ctx.database.db.insert(clientSessions).values([
      { userId: customer, pluginId: 0, pluginName: 'Client' },
      { userId: customer, pluginId: 0, pluginName: 'Client', lastUpdate: new Date(Date.now() - 3_600_000) },
    ]);
    const res = await summaryOf('customer', customer);
    expect(res.statusCode).toBe(200);
    // One for a free account: the seed's vote was 13 hours ago, past its 12-hour reward.
    expect(res.json()[0]).toEqual({ pluginId: 0, pluginName: 'Client', active: before + 1, max: 1 });
    await ctx.database.db
      .insert(votes)
      .values({ userId: customer, extraSessions: 1, extraSessionsUntil: new Date(Date.now() + 3_600_000) });
    expect((await summaryOf('customer', customer)).json()[0]).toMatchObject({ max: 2 });
  });

  it('gives a VIP unlimited client sessions and lists the plugins of running subscriptions', async () => {
    const res = await summaryOf('vip', DEMO_USER_IDS.vip);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { pluginId: number; max: number }[];
    expect(rows[0]).toMatchObject({ pluginId: 0, max: 0 });
    expect(rows.length).toBeGreaterThan(1);
  });

  it("lists the client kinds first, then the product's own plans' plugins, then the rest, each by name", async () => {
    const user = await givenUser(ctx);
    for (const [ownerId, plugin] of [
      [DEMO_USER_IDS.developer, 'Aardvark Agility'],
      [OWNER_ACCOUNT_ID, 'Zulu Zapper'],
      [DEMO_USER_IDS.developer, 'Beaver Builder'],
      [OWNER_ACCOUNT_ID, 'Yak Yanker'],
    ] as const) {
      const plan = await givenPlan(ctx, { ownerId });
      const price = await givenPrice(ctx, { planId: plan.id });
      await givenPluginOnPrice(
        ctx,
        { id: price.id, ownerId },
        { name: plugin, description: '', sessionLimit: 3 },
      );
      await givenSubscriptions(ctx, price, [{ userId: user.id }]);
    }
    await ctx.database.db
      .insert(clientSessions)
      .values({ userId: user.id, pluginId: 65535, pluginName: 'Next-gen client' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/sessions/by-user/${user.id}`,
      headers: await headersFor(ctx, user.id),
    });
    const rows = res.json() as { pluginName: string; active: number; max: number }[];
    expect(rows.map((row) => row.pluginName)).toEqual([
      'Client',
      'Next-gen client',
      'Yak Yanker',
      'Zulu Zapper',
      'Aardvark Agility',
      'Beaver Builder',
    ]);
    expect(rows[1]).toMatchObject({ active: 1, max: 1 });
    expect(rows[2]).toMatchObject({ active: 0, max: 3 });
  });

  it('lets staff and admins look, but not other users', async () => {
    expect((await summaryOf('staff', DEMO_USER_IDS.vip)).statusCode).toBe(200);
    expect((await summaryOf('admin', DEMO_USER_IDS.vip)).statusCode).toBe(200);
    const stranger = await summaryOf('customer', DEMO_USER_IDS.vip);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: NOT_YOURS });
  });

  it('answers bad ids and unknown users with 4xx', async () => {
    expect((await summaryOf('admin', 999_999)).statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/sessions/by-user/abc',
      headers: await asUser(ctx, 'admin'),
    });
    expect(bad.statusCode).toBe(400);
  });
});
