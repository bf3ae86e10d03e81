import {
  type AuditEventPage,
  DATE_RANGE_ORDER_MESSAGE,
  TARGET_ID_WITHOUT_KIND_MESSAGE,
} from '@ember/contracts/audit';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser, grant } from '../../../test-support/test-data.ts';

// Issue 34, item 7: the audit trail in words ('Confirmed payout #6 to Ironbark'), filtered on the
// server by actor, action and a date range, paged on the server.

const ctx = useTestApp();

type Headers = Record<string, string>;

async function events(query: string): Promise<AuditEventPage> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/shop/admin/audit-events?${query}`,
    headers: await asUser(ctx, 'admin'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function refused(query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/shop/admin/audit-events?${query}`,
    headers: await asUser(ctx, 'admin'),
  });
  expect(res.statusCode).toBe(400);
  return res.json().message as string;
}

/** A premium developer named `displayName` asks for a payout; the owner pays it. */
async function paidPayout(displayName: string) {
  const developer = await givenUser(ctx, {
    roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'],
    displayName,
  });
  await grant(ctx, developer.id, 5_000, 'EARNINGS');
  const headers: Headers = await headersFor(ctx, developer.id);
  const requested = await ctx.app.inject({
    method: 'POST',
    url: '/api/commerce/payouts/request?amount=1200',
    headers,
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const id: number = requested.json().id;
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: `/api/commerce/payouts/${id}`,
    headers: await asUser(ctx, 'owner'),
    payload: { reference: 'SEPA 1' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { developer, id };
}

describe('the audit trail in words', () => {
  it("names a confirmed payout's payee and a banned account; the raw codes stay beside the label", async () => {
    const { developer, id } = await paidPayout('Ironbark');
    const [confirm] = (await events(`targetKind=PAYOUT&targetId=${id}&action=payout:confirm`)).content;
    expect(confirm).toMatchObject({
      label: `Confirmed payout #${id} to Ironbark`,
      action: 'payout:confirm',
      targetKind: 'PAYOUT',
      targetId: String(id),
      actor: { id: DEMO_USER_IDS.owner },
    });

    const ban = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/shop/users/${developer.id}/ban`,
      headers: await asUser(ctx, 'admin'),
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const [banned] = (await events(`targetKind=USER&targetId=${developer.id}&action=user:ban`)).content;
    expect(banned?.label).toBe('Banned Ironbark');
  });

  it('reads the names of a whole page in one go: every event of a page of 100 has its label', async () => {
    await paidPayout('Page Payee');
    const page = await events('size=100');
    expect(page.content.length).toBeGreaterThan(1);
    for (const event of page.content) {
      expect(event.label).toMatch(/\S/);
      expect(event.label).not.toContain(event.action);
    }
  });
});

describe('filters on the server', () => {
  it('filters by actor and by action, newest first', async () => {
    await paidPayout('Filter Payee');
    const byOwner = await events(`actorId=${DEMO_USER_IDS.owner}&size=100`);
    expect(byOwner.content.length).toBeGreaterThan(0);
    for (const event of byOwner.content) expect(event.actor?.id).toBe(DEMO_USER_IDS.owner);

    const confirms = await events('action=payout:confirm&size=100');
    expect(confirms.content.length).toBeGreaterThan(0);
    for (const event of confirms.content) expect(event.label).toMatch(/^Confirmed payout #\d+/);
    const times = confirms.content.map((event) => Date.parse(event.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by a date range: from inclusive, to exclusive, together with the other filters', async () => {
    const at = (iso: string) => new Date(iso);
    await ctx.database.db.insert(auditEvents).values(
      ['2001-03-01T00:00:00.000Z', '2001-03-01T23:59:59.999Z', '2001-03-02T00:00:00.000Z'].map((iso) => ({
        actorId: DEMO_USER_IDS.admin,
        actorRole: 'ADMIN',
        action: 'user:update',
        targetKind: 'USER',
        targetId: String(DEMO_USER_IDS.customer),
        createdAt: at(iso),
      })),
    );
    const day = await events('from=2001-03-01T00:00:00.000Z&to=2001-03-02T00:00:00.000Z');
    expect(day.content.map((event) => event.createdAt)).toEqual([
      '2001-03-01T23:59:59.999Z',
      '2001-03-01T00:00:00.000Z',
    ]);
    expect(day.totalPages).toBe(1);
    // An offset is the browser's midnight: the same instant as in UTC.
    const offset = await events(
      'from=2001-03-02T01:00:00%2B01:00&to=2001-03-03T00:00:00Z&action=user:update',
    );
    expect(offset.content.map((event) => event.createdAt)).toEqual(['2001-03-02T00:00:00.000Z']);
    // Paged on the server: one a page, two pages.
    const paged = await events('from=2001-03-01T00:00:00Z&to=2001-03-02T00:00:00Z&size=1&page=1');
    expect(paged.totalPages).toBe(2);
    expect(paged.content.map((event) => event.createdAt)).toEqual(['2001-03-01T00:00:00.000Z']);
    expect(
      (await events(`from=2001-03-01T00:00:00Z&to=2001-03-03T00:00:00Z&actorId=${DEMO_USER_IDS.owner}`))
        .content,
    ).toEqual([]);
  });

  it('refuses a range that ends before it starts, a bound that is not a date, and an id without its kind', async () => {
    expect(await refused('from=2001-03-02T00:00:00Z&to=2001-03-01T00:00:00Z')).toBe(DATE_RANGE_ORDER_MESSAGE);
    expect(await refused('from=yesterday')).toMatch(/date range bound is a date and time/);
    expect(await refused('targetId=4')).toBe(TARGET_ID_WITHOUT_KIND_MESSAGE);
  });
});
