import type { SessionLogPage } from '@ember/contracts/session-logs';
import { sessionLogs } from '@ember/db/schema/sessions';
import { makeSessionLog } from '@ember/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import { asUser } from '../../testing/auth.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { givenUser } from '../../testing/test-data.ts';
import { COUNTED_PAGES_AHEAD } from './session-logs.repository.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

const HOUR_MS = 3_600_000;
const SESSION = '5b1f3c1e-8d2a-4c6b-9e1f-0a2b3c4d5e6f';

async function logs(query: string, viewer: Parameters<typeof asUser>[1] | null = 'staff') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/shop/session-logs${query ? `?${query}` : ''}`,
    headers: viewer ? await asUser(ctx, viewer) : {},
  });
}

/** A user with log rows `hoursAgo` in the past (negative: in the future, so newer than the seed's). */
async function givenLogs(rows: { hoursAgo: number; pluginName?: string; exceeded?: boolean }[]) {
  const user = await givenUser(ctx);
  await ctx.database.db.insert(sessionLogs).values(
    rows.map((row) =>
      makeSessionLog({
        userId: user.id,
        sessionId: SESSION,
        pluginId: 12,
        pluginName: row.pluginName ?? 'Rooftop Runner',
        exceeded: row.exceeded ?? false,
        lastUpdate: new Date(Date.now() - row.hoursAgo * HOUR_MS),
      }),
    ),
  );
  return user;
}

describe('GET /session-logs', () => {
  it('lists every open and heartbeat newest first, with the Discord id of its user', async () => {
    const user = await givenLogs([
      { hoursAgo: -1, pluginName: 'Older' },
      { hoursAgo: -3, pluginName: 'Newest', exceeded: true },
      { hoursAgo: -2, pluginName: 'Middle' },
    ]);
    const res = await logs('page=0&size=5');
    expect(res.statusCode).toBe(200);
    const page = res.json<SessionLogPage>();
    expect(page.content.slice(0, 3).map((row) => row.pluginName)).toEqual(['Newest', 'Middle', 'Older']);
    expect(page.content[0]).toMatchObject({
      sessionId: SESSION,
      discordId: user.discordId,
      pluginName: 'Newest',
      exceeded: true,
    });
    const times = page.content.map((row) => Date.parse(row.lastUpdate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.totalPages).toBeGreaterThan(1);
  });

  it("filters by Discord id, and pages through one user's rows", async () => {
    const user = await givenLogs([{ hoursAgo: 1 }, { hoursAgo: 2 }, { hoursAgo: 3 }]);
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
    expect(nobody).toEqual({ content: [], totalPages: 0 });
  });

  it(`counts no further than ${COUNTED_PAGES_AHEAD} pages ahead of the page asked for`, async () => {
    const rows = COUNTED_PAGES_AHEAD + 10;
    const user = await givenLogs(Array.from({ length: rows }, (_, i) => ({ hoursAgo: i + 1 })));
    const first = (await logs(`discordId=${user.discordId}&size=1`)).json<SessionLogPage>();
    expect(first.totalPages).toBe(COUNTED_PAGES_AHEAD + 1);
    const later = (await logs(`discordId=${user.discordId}&size=1&page=20`)).json<SessionLogPage>();
    expect(later.totalPages).toBe(rows);
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
