import type { DisabledPluginLinkResponse } from '@ember/contracts/disabled-plugin-links';
import type { SessionSummary } from '@ember/contracts/sessions';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { pluginLinks } from '@ember/db/schema/delivery';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  givenPlan,
  givenPluginOnPrice,
  givenPrice,
  givenSubscriptions,
} from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const ctx = useTestApp();

const U = DEMO_USER_IDS;
type Headers = Record<string, string>;

async function linkIdOf(priceId: number, pluginId: number): Promise<number> {
  const [link] = await ctx.database.db
    .select({ id: pluginLinks.id })
    .from(pluginLinks)
    .where(and(eq(pluginLinks.priceId, priceId), eq(pluginLinks.pluginId, pluginId)));
  if (!link) throw new Error('no plugin link');
  return link.id;
}

/** A developer's price with two plugins, and a fresh customer subscribed to it. */
async function givenSubscriber() {
  const plan = await givenPlan(ctx, { ownerId: U.developer, name: 'Switchable' });
  const price = await givenPrice(ctx, { planId: plan.id });
  const owned = { id: price.id, ownerId: U.developer };
  const fletcher = await givenPluginOnPrice(ctx, owned, {
    name: 'Fletcher',
    description: '',
    sessionLimit: 2,
  });
  const miner = await givenPluginOnPrice(ctx, owned, { name: 'Miner', description: '', sessionLimit: 0 });
  const [subscription] = await givenSubscriptions(ctx, price, [{}]);
  if (!subscription) throw new Error('no subscription');
  return {
    subscription,
    fletcher: { ...fletcher, linkId: await linkIdOf(price.id, fletcher.id) },
    miner: { ...miner, linkId: await linkIdOf(price.id, miner.id) },
    headers: await headersFor(ctx, subscription.userId),
  };
}

const send = (method: 'GET' | 'POST' | 'DELETE', query: string, headers: Headers) =>
  ctx.app.inject({ method, url: `/api/shop/disabled-plugin-links?${query}`, headers });

const auditOf = (subscriptionId: number) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetKind, 'SUBSCRIPTION'), eq(auditEvents.targetId, String(subscriptionId))));

async function sessionPluginsOf(userId: number, headers: Headers): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/shop/sessions/by-user/${userId}`, headers });
  return res.json<SessionSummary[]>().map((row) => row.pluginName);
}

describe('disabled plugin links', () => {
  it('lets a subscriber switch a plugin off and on again, and their session table follows', async () => {
    const { subscription, fletcher, headers } = await givenSubscriber();
    const query = `subscriptionId=${subscription.id}&pluginLinkId=${fletcher.linkId}`;
    expect(await sessionPluginsOf(subscription.userId, headers)).toEqual(['Client', 'Fletcher', 'Miner']);

    const off = await send('POST', query, headers);
    expect(off.statusCode).toBe(201);
    expect(off.json<DisabledPluginLinkResponse>()).toMatchObject({
      subscriptionId: subscription.id,
      pluginLinkId: fletcher.linkId,
      pluginId: fletcher.id,
      pluginName: 'Fletcher',
    });
    const listed = await send('GET', `subscriptionId=${subscription.id}`, headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<DisabledPluginLinkResponse[]>().map((row) => row.pluginLinkId)).toEqual([
      fletcher.linkId,
    ]);
    expect(await sessionPluginsOf(subscription.userId, headers)).toEqual(['Client', 'Miner']);

    const on = await send('DELETE', query, headers);
    expect(on.statusCode).toBe(204);
    expect((await send('GET', `subscriptionId=${subscription.id}`, headers)).json()).toEqual([]);
    expect(await sessionPluginsOf(subscription.userId, headers)).toEqual(['Client', 'Fletcher', 'Miner']);
    // The subscriber's own choice is not a staff action.
    expect(await auditOf(subscription.id)).toEqual([]);
  });

  it('switches a plugin off once however often it is asked, and on again just as calmly', async () => {
    const { subscription, miner, headers } = await givenSubscriber();
    const query = `subscriptionId=${subscription.id}&pluginLinkId=${miner.linkId}`;
    expect((await send('POST', query, headers)).statusCode).toBe(201);
    expect((await send('POST', query, headers)).statusCode).toBe(201);
    expect((await send('GET', `subscriptionId=${subscription.id}`, headers)).json()).toHaveLength(1);
    expect((await send('DELETE', query, headers)).statusCode).toBe(204);
    expect((await send('DELETE', query, headers)).statusCode).toBe(204);
  });

  it("refuses other customers; the plan's developer may look but not switch; an admin may, audited", async () => {
    const { subscription, miner } = await givenSubscriber();
    const query = `subscriptionId=${subscription.id}&pluginLinkId=${miner.linkId}`;
    const stranger = await send('POST', query, await asUser(ctx, 'customer'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    expect(
      (await send('GET', `subscriptionId=${subscription.id}`, await asUser(ctx, 'customer'))).statusCode,
    ).toBe(403);
    const developer = await asUser(ctx, 'developer');
    expect((await send('GET', `subscriptionId=${subscription.id}`, developer)).statusCode).toBe(200);
    expect((await send('POST', query, developer)).statusCode).toBe(403);

    const admin = await send('POST', query, await asUser(ctx, 'admin'));
    expect(admin.statusCode).toBe(201);
    const [event] = await auditOf(subscription.id);
    expect(event).toMatchObject({
      actorId: U.admin,
      actorRole: 'ADMIN',
      action: 'subscription:disable-plugin',
      before: { pluginLinkId: miner.linkId, disabled: false },
      after: { pluginLinkId: miner.linkId, disabled: true },
    });
  });

  it("answers 400 for a plugin that is not part of the subscription's price, 404 for unknown ids", async () => {
    const mine = await givenSubscriber();
    const other = await givenSubscriber();
    const foreign = await send(
      'POST',
      `subscriptionId=${mine.subscription.id}&pluginLinkId=${other.fletcher.linkId}`,
      mine.headers,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      message: `Plugin link ${other.fletcher.linkId} is not one of the plugins of this subscription.`,
    });
    const noLink = await send(
      'DELETE',
      `subscriptionId=${mine.subscription.id}&pluginLinkId=999999`,
      mine.headers,
    );
    expect(noLink.statusCode).toBe(404);
    const noSubscription = await send(
      'POST',
      `subscriptionId=999999&pluginLinkId=${mine.miner.linkId}`,
      mine.headers,
    );
    expect(noSubscription.statusCode).toBe(404);
  });

  it.each([
    ['POST', 'subscriptionId=abc&pluginLinkId=1', /subscription id/],
    ['POST', 'subscriptionId=1', /plugin link id/],
    ['DELETE', 'pluginLinkId=1', /subscription id/],
    ['GET', '', /subscription id/],
  ] as const)('answers %s ?%s with a 400 and a message', async (method, query, message) => {
    const res = await send(method, query, await asUser(ctx, 'customer'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
