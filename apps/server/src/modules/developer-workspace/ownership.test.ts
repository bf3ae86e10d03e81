import { accessListEntries, plans, prices } from '@ember/db/schema/catalog';
import { pluginLinks, plugins, repositories } from '@ember/db/schema/delivery';
import { discountCodes } from '@ember/db/schema/discount-codes';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { makePlugin, makeRepository } from '@ember/db/seed/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  daysFromNow,
  expectLedgerClean,
  givenCode,
  givenListEntry,
  givenPriceOf,
  givenUser,
} from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

// Acceptance (issue 10): a developer may not change another developer's plan, price, whitelist or
// blacklist, discount code, plugin link, repository or subscriber, by any write the workspace
// offers. Each attempt is refused by the policy with its one message, and nothing changes.

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function victimWorkspace() {
  const owner = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  const ownerHeaders = await headersFor(ctx, owner.id);
  const { plan, price } = await givenPriceOf(ctx, owner.id, { price: 500, slots: 10 });
  const [repository] = await ctx.database.db
    .insert(repositories)
    .values(makeRepository({ ownerId: owner.id, accessToken: 'ghp_victim' }))
    .returning();
  if (!repository) throw new Error('no repository');
  const [plugin] = await ctx.database.db
    .insert(plugins)
    .values(makePlugin({ repositoryId: repository.id }))
    .returning();
  if (!plugin) throw new Error('no plugin');
  const [link] = await ctx.database.db
    .insert(pluginLinks)
    .values({ priceId: price.id, pluginId: plugin.id, sessionLimit: 0 })
    .returning();
  const code = await givenCode(ctx, { priceId: price.id, id: `VICTIM${price.id}` });
  const customer = await givenUser(ctx, { credits: 500 });
  const bought = await ctx.app.inject({
    method: 'POST',
    url: `/api/shop/subscriptions?priceId=${price.id}`,
    headers: await headersFor(ctx, customer.id),
  });
  expect(bought.statusCode).toBe(201);
  // Lists after the sale: a whitelist would keep the customer out.
  const listed = await givenUser(ctx);
  for (const kind of ['WHITELIST', 'BLACKLIST'] as const) {
    await givenListEntry(ctx, { kind, userId: listed.id, planId: plan.id });
    await givenListEntry(ctx, { kind, userId: listed.id, priceId: price.id });
  }
  return {
    owner,
    ownerHeaders,
    plan,
    price,
    repository,
    plugin,
    link,
    code,
    listed,
    subscription: bought.json(),
  };
}

/** Everything the attempts could have changed, read straight from the database. */
async function snapshot(workspace: Awaited<ReturnType<typeof victimWorkspace>>) {
  const db = ctx.database.db;
  return {
    plan: await db.select().from(plans).where(eq(plans.id, workspace.plan.id)),
    price: await db.select().from(prices).where(eq(prices.id, workspace.price.id)),
    lists: await db.select().from(accessListEntries).where(eq(accessListEntries.userId, workspace.listed.id)),
    code: await db.select().from(discountCodes).where(eq(discountCodes.id, workspace.code.id)),
    links: await db.select().from(pluginLinks).where(eq(pluginLinks.priceId, workspace.price.id)),
    repository: await db.select().from(repositories).where(eq(repositories.id, workspace.repository.id)),
    plugin: await db.select().from(plugins).where(eq(plugins.id, workspace.plugin.id)),
    subscription: await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, workspace.subscription.id)),
  };
}

describe("a developer on another developer's workspace", () => {
  it('is refused every write, with one message, and nothing changes', async () => {
    const victim = await victimWorkspace();
    const { plan, price, repository, plugin, link, code, listed, subscription } = victim;
    const attacker = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'] });
    const attackerHeaders = await headersFor(ctx, attacker.id);
    const [attackerRepo] = await ctx.database.db
      .insert(repositories)
      .values(makeRepository({ ownerId: attacker.id }))
      .returning();
    const [attackerPlugin] = await ctx.database.db
      .insert(plugins)
      .values(makePlugin({ repositoryId: attackerRepo?.id ?? 0 }))
      .returning();
    const planBody = { name: 'Taken over', description: 'Mine now' };
    const priceBody = {
      priceId: price.id,
      planId: plan.id,
      name: 'Taken',
      period: 'MONTHLY',
      price: 1,
      enabled: true,
      hidden: false,
    };
    const before = await snapshot(victim);

    const writes: [Method, string, string, object?][] = [
      // Plan
      ['PUT', 'shop', `/plans/${plan.id}`, planBody],
      ['DELETE', 'shop', `/plans/${plan.id}`],
      ['PUT', 'shop', `/plans/${plan.id}/hide`],
      ['PUT', 'shop', `/plans/${plan.id}/labels/3`],
      ['POST', 'shop', '/prices', { ...priceBody, priceId: undefined }],
      // Plan and price whitelists and blacklists
      ...(['plans', 'prices'] as const).flatMap((level) =>
        (['whitelist', 'blacklist'] as const).flatMap((list): [Method, string, string][] => {
          const id = level === 'plans' ? plan.id : price.id;
          return [
            ['POST', 'shop', `/${level}/${id}/${list}?discordId=${attacker.discordId}`],
            ['DELETE', 'shop', `/${level}/${id}/${list}/${listed.id}`],
          ];
        }),
      ),
      // Price
      ['PUT', 'shop', `/prices/${price.id}`, priceBody],
      ['DELETE', 'shop', `/prices/${price.id}`],
      ['PUT', 'shop', `/prices/${price.id}/remove-slots`],
      // Discount codes
      [
        'POST',
        'shop',
        '/discount-codes',
        { priceId: price.id, discountPercent: 100, validUntil: daysFromNow(5).toISOString() },
      ],
      ['PUT', 'shop', `/discount-codes/${code.id}`, { id: code.id, discountPercent: 100, maxUses: 0 }],
      // Plugin links
      ['POST', 'shop', `/plugin-links?priceId=${price.id}`, { pluginId: attackerPlugin?.id, sessions: 0 }],
      ['DELETE', 'shop', `/plugin-links/${link?.id}`],
      // Repository
      ['PUT', 'shop', `/plugin-repos/${repository.id}`, { id: repository.id, accessToken: 'ghp_mine' }],
      ['DELETE', 'shop', `/plugin-repos/${repository.id}`],
      ['PUT', 'shop', `/plugins/${plugin.id}`, { description: 'Mine now' }],
      ['DELETE', 'shop', `/plugins/${plugin.id}`],
      // Subscriptions of the price
      ['PUT', 'shop', `/subscriptions/${subscription.id}/expire`],
      ['POST', 'shop', '/subscriptions/refund', { id: subscription.id }],
      ['PUT', 'shop', `/subscriptions/${subscription.id}/add-hours?hours=24`],
      ['PUT', 'shop', `/subscriptions/${subscription.id}/pause?days=3`],
      ['PUT', 'shop', `/subscriptions/${subscription.id}/unpause`],
      ['PUT', 'shop', `/subscriptions/${subscription.id}/extend`],
      ['PUT', 'shop', `/subscriptions/add-hours?priceId=${price.id}&hours=24`],
      [
        'PUT',
        'shop',
        `/subscriptions/add-hours/selected?priceId=${price.id}&hours=24`,
        { subscriptionIds: [subscription.id] },
      ],
      ['DELETE', 'shop', `/subscriptions/${subscription.id}`],
    ];

    for (const [method, base, url, payload] of writes) {
      const res = await ctx.app.inject({
        method,
        url: `/api/${base}${url}`,
        headers: attackerHeaders,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    }
    expect(await snapshot(victim)).toEqual(before);
    await expectLedgerClean(ctx);
  });

  it('is refused reading the private parts too: lists, codes, links, subscribers, statistics, repository', async () => {
    const { plan, price, repository, code } = await victimWorkspace();
    const attacker = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const headers = await headersFor(ctx, attacker.id);
    const reads = [
      `/plans/${plan.id}/whitelist`,
      `/prices/${price.id}/blacklist`,
      `/discount-codes/by-price/${price.id}`,
      `/discount-codes/${code.id}`,
      `/plugin-links/by-price/${price.id}`,
      `/subscriptions/by-price/${price.id}`,
      `/subscriptions/by-price/${price.id}/export`,
      `/statistics/prices/${price.id}/purchases`,
      `/plugin-repos/${repository.id}`,
      `/plugins/by-repo/${repository.id}`,
    ];
    for (const url of reads) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/shop${url}`, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    }
  });

  it('leaves the owner able to do what the attacker could not', async () => {
    const { ownerHeaders, price, link } = await victimWorkspace();
    const own = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/shop/plugin-links/${link?.id}`,
      headers: ownerHeaders,
    });
    expect(own.statusCode).toBe(204);
    const slots = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/prices/${price.id}/remove-slots`,
      headers: ownerHeaders,
    });
    expect(slots.json().slots).toBeNull();
  });
});
