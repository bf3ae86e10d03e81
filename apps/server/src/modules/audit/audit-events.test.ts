import type { AuditEventPage, AuditEventResponse } from '@ember/contracts/audit';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { pgErrorOf } from '@ember/db/errors';
import { auditEvents } from '@ember/db/schema/audit';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  daysFromNow,
  givenPlan,
  givenPrice,
  givenSubscriptions,
  givenUser,
} from '../../../test-support/test-data.ts';

const ctx = useTestApp();

const U = DEMO_USER_IDS;
type Headers = Record<string, string>;

const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api/shop${url}`, headers, ...(payload ? { payload } : {}) });

async function eventsWhere(query: string, headers?: Headers) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/shop/admin/audit-events?${query}`,
    headers: headers ?? (await asUser(ctx, 'admin')),
  });
}

async function eventsOf(targetKind: string, targetId: number | string): Promise<AuditEventResponse[]> {
  const res = await eventsWhere(`targetKind=${targetKind}&targetId=${targetId}&size=100`);
  expect(res.statusCode).toBe(200);
  return (res.json() as AuditEventPage).content;
}

/** A developer's plan with one live price and one customer subscribed to it. */
async function givenDevelopersCatalog() {
  const plan = await givenPlan(ctx, { ownerId: U.developer, name: 'Audited Plan' });
  const price = await givenPrice(ctx, { planId: plan.id, slots: 5 });
  const [sub] = await givenSubscriptions(ctx, price, [{ expireDate: daysFromNow(10) }]);
  if (!sub) throw new Error('no subscription');
  return { plan, price, sub };
}

describe('staff actions go on the audit trail, in the same transaction', () => {
  it("records an admin disabling a developer's plan: actor, role, before and after, request id and IP", async () => {
    const { plan } = await givenDevelopersCatalog();
    const res = await send('PUT', `/plans/${plan.id}/toggle`, await asUser(ctx, 'admin'));
    expect(res.statusCode).toBe(200);

    const [event, ...others] = await eventsOf('PLAN', plan.id);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      actor: { id: U.admin, username: 'admin', displayName: 'Ada Admin' },
      actorRole: 'ADMIN',
      action: 'plan:toggle-enabled',
      targetKind: 'PLAN',
      targetId: String(plan.id),
      before: { enabled: true },
      after: { enabled: false },
      ip: '127.0.0.1',
    });
    expect(event?.requestId).toMatch(/\S/);
  });

  it('records only the fields an admin edit changed', async () => {
    const { plan } = await givenDevelopersCatalog();
    const body = {
      name: 'Renamed by staff',
      description: plan.description,
      imageUrl: plan.imageUrl,
      tags: plan.tags,
      forumLink: plan.forumLink,
    };
    expect((await send('PUT', `/plans/${plan.id}`, await asUser(ctx, 'admin'), body)).statusCode).toBe(200);
    const [event] = await eventsOf('PLAN', plan.id);
    expect(event).toMatchObject({
      action: 'plan:update',
      before: { name: 'Audited Plan' },
      after: { name: 'Renamed by staff' },
    });
  });

  it('records nothing when a developer changes their own plan and price', async () => {
    const { plan, price } = await givenDevelopersCatalog();
    const owner = await asUser(ctx, 'developer');
    expect((await send('PUT', `/plans/${plan.id}/hide`, owner)).statusCode).toBe(200);
    expect((await send('PUT', `/prices/${price.id}/remove-slots`, owner)).statusCode).toBe(200);
    expect(await eventsOf('PLAN', plan.id)).toEqual([]);
    expect(await eventsOf('PRICE', price.id)).toEqual([]);
  });

  it("records an admin removing the slots of a developer's price", async () => {
    const { price } = await givenDevelopersCatalog();
    expect(
      (await send('PUT', `/prices/${price.id}/remove-slots`, await asUser(ctx, 'admin'))).statusCode,
    ).toBe(200);
    expect(await eventsOf('PRICE', price.id)).toMatchObject([
      { action: 'price:remove-slots', actorRole: 'ADMIN', before: { slots: 5 }, after: { slots: null } },
    ]);
  });

  it('writes no event when the staff action fails (the change and its event share one transaction)', async () => {
    // A price with an active subscriber cannot be deleted (a plan that sold is archived instead).
    const { price } = await givenDevelopersCatalog();
    const res = await send('DELETE', `/prices/${price.id}`, await asUser(ctx, 'admin'));
    expect(res.statusCode).toBe(409);
    expect(await eventsOf('PRICE', price.id)).toEqual([]);
  });

  it("records an admin adding a user to a developer's whitelist", async () => {
    const { plan } = await givenDevelopersCatalog();
    const user = await givenUser(ctx);
    const res = await send(
      'POST',
      `/plans/${plan.id}/whitelist?discordId=${user.discordId}`,
      await asUser(ctx, 'admin'),
    );
    expect(res.statusCode).toBe(201);
    expect(await eventsOf('PLAN', plan.id)).toMatchObject([
      {
        action: 'plan:manage-access-list',
        before: null,
        after: { list: 'whitelist', userId: user.id, discordId: user.discordId },
      },
    ]);
  });

  it("records an admin creating a discount code for a developer's price", async () => {
    const { price } = await givenDevelopersCatalog();
    const res = await send('POST', '/discount-codes', await asUser(ctx, 'admin'), {
      id: 'AUDITED10',
      priceId: price.id,
      discountPercent: 10,
      validUntil: daysFromNow(5).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    expect(await eventsOf('DISCOUNT_CODE', 'AUDITED10')).toMatchObject([
      { action: 'discount-code:create', before: null, after: { priceId: price.id, discountPercent: 10 } },
    ]);
  });

  it("records a plan owner ending a customer's subscription, as the developer", async () => {
    const { sub } = await givenDevelopersCatalog();
    const res = await send('PUT', `/subscriptions/${sub.id}/expire`, await asUser(ctx, 'developer'));
    expect(res.statusCode).toBe(200);
    const [event] = await eventsOf('SUBSCRIPTION', sub.id);
    expect(event).toMatchObject({ action: 'subscription:expire', actorRole: 'DEVELOPER' });
    expect(event?.before).toEqual({ expireDate: sub.expireDate?.toISOString() });
    expect(event?.after).toEqual({ expireDate: res.json().expireDate });
  });

  it("records an admin pausing a customer's subscription, but not the customer pausing their own", async () => {
    const { price } = await givenDevelopersCatalog();
    const [byAdmin, byHolder] = await givenSubscriptions(ctx, price, [{}, {}]);
    if (!byAdmin || !byHolder) throw new Error('no subscriptions');
    expect(
      (await send('PUT', `/subscriptions/${byAdmin.id}/pause?days=3`, await asUser(ctx, 'admin'))).statusCode,
    ).toBe(200);
    const holder = await headersFor(ctx, byHolder.userId);
    expect((await send('PUT', `/subscriptions/${byHolder.id}/pause?days=3`, holder)).statusCode).toBe(200);

    expect(await eventsOf('SUBSCRIPTION', byAdmin.id)).toMatchObject([
      {
        action: 'subscription:pause',
        actorRole: 'ADMIN',
        before: { paused: false, pauseUsed: false, pauseDate: null },
        after: { paused: true, pauseUsed: true },
      },
    ]);
    expect(await eventsOf('SUBSCRIPTION', byHolder.id)).toEqual([]);
  });

  it('records hours added to all of a price, and a deleted subscription with what it was', async () => {
    const { price, sub } = await givenDevelopersCatalog();
    const admin = await asUser(ctx, 'admin');
    expect(
      (await send('PUT', `/subscriptions/add-hours?priceId=${price.id}&hours=5`, admin)).statusCode,
    ).toBe(200);
    expect(await eventsOf('PRICE', price.id)).toMatchObject([
      { action: 'subscription:add-hours', after: { hoursAdded: 5, subscriptionsExtended: 1 } },
    ]);

    expect((await send('DELETE', `/subscriptions/${sub.id}`, admin)).statusCode).toBe(204);
    expect(await eventsOf('SUBSCRIPTION', sub.id)).toMatchObject([
      {
        action: 'subscription:delete',
        before: { userId: sub.userId, planId: sub.planId, priceId: price.id },
        after: null,
      },
    ]);
  });
});

describe('GET /admin/audit-events', () => {
  it('is for admins only: 403 for staff, developers and customers, 401 for guests', async () => {
    for (const username of ['staff', 'developer', 'payments', 'customer'] as const) {
      const res = await eventsWhere('', await asUser(ctx, username));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    expect((await eventsWhere('', {})).statusCode).toBe(401);
  });

  it('lists newest first and pages', async () => {
    const { plan } = await givenDevelopersCatalog();
    const admin = await asUser(ctx, 'admin');
    await send('PUT', `/plans/${plan.id}/toggle`, admin);
    await send('PUT', `/plans/${plan.id}/toggle`, admin);
    const firstPage = (await eventsWhere(`targetKind=plan&targetId=${plan.id}&size=1`)).json();
    expect(firstPage.totalPages).toBe(2);
    expect(firstPage.content[0].after).toEqual({ enabled: true });
    const secondPage = (await eventsWhere(`targetKind=PLAN&targetId=${plan.id}&size=1&page=1`)).json();
    expect(secondPage.content[0].after).toEqual({ enabled: false });
    expect(secondPage.content[0].id).toBeLessThan(firstPage.content[0].id);
  });

  it('filters by actor and by action', async () => {
    const { plan } = await givenDevelopersCatalog();
    await send('PUT', `/plans/${plan.id}/toggle`, await asUser(ctx, 'owner'));

    const byOwner = (await eventsWhere(`actorId=${U.owner}&size=100`)).json() as AuditEventPage;
    expect(byOwner.content.length).toBeGreaterThan(0);
    expect(byOwner.content.every((event) => event.actor?.id === U.owner)).toBe(true);

    const adjustments = (await eventsWhere('action=credits:adjust')).json() as AuditEventPage;
    expect(adjustments.content.length).toBeGreaterThan(0);
    expect(adjustments.content.every((event) => event.action === 'credits:adjust')).toBe(true);

    const none = (await eventsWhere(`actorId=${U.vip}`)).json();
    expect(none).toEqual({ content: [], totalPages: 0 });
  });

  it.each([
    ['actorId=abc', 'The actor id must be a positive whole number.'],
    ['actorId=0', 'The actor id must be a positive whole number.'],
    ['action=update', 'The action looks like resource:verb, like plan:update or subscription:add-hours.'],
    ['targetId=7', 'Give the target kind too when filtering by target id.'],
    [
      'targetKind=plan%20s',
      'The target kind is a word in capitals, like PLAN, PRICE, SUBSCRIPTION or DISCOUNT_CODE.',
    ],
    ['size=1000', 'The page size must be a whole number from 1 to 100.'],
    ['page=-1', 'The page must be a whole number, 0 or more.'],
  ])('refuses %s with 400 and a message', async (query, message) => {
    const res = await eventsWhere(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('the audit trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_events, whoever asks', async () => {
    const db = ctx.database.db;
    const [event] = await db.select({ id: auditEvents.id }).from(auditEvents).limit(1);
    if (!event) throw new Error('the seed records an audit event');
    const attempts = [
      db.update(auditEvents).set({ action: 'plan:erased' }).where(eq(auditEvents.id, event.id)),
      db.delete(auditEvents).where(eq(auditEvents.id, event.id)),
      db.execute(sql`truncate audit_events`),
    ];
    for (const attempt of attempts) {
      const error = await attempt.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(pgErrorOf(error)?.message).toMatch(/append-only/);
    }
    const [still] = await db.select().from(auditEvents).where(eq(auditEvents.id, event.id));
    expect(still?.action).not.toBe('plan:erased');
  });
});
