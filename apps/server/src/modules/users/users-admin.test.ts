import {
  ACCOUNT_ALREADY_TRANSFERRED_MESSAGE,
  BALANCE_REASON_REQUIRED_MESSAGE,
  BAN_SELF_MESSAGE,
  DISCORD_ID_TAKEN_MESSAGE,
  INVALID_VIP_UNIT_MESSAGE,
  TARGET_USER_ID_INVALID_MESSAGE,
  TRANSFER_TARGET_DISABLED_MESSAGE,
  TRANSFER_TARGET_NOT_FOUND_MESSAGE,
  TRANSFER_TO_SELF_MESSAGE,
  UNBAN_TRANSFERRED_MESSAGE,
} from '@ember/contracts/admin-users';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { accessListEntries } from '@ember/db/schema/catalog';
import { clientTokens } from '@ember/db/schema/client-access';
import { orders, products } from '@ember/db/schema/commerce';
import { payouts } from '@ember/db/schema/payouts';
import { clientSessions, sessionLogs } from '@ember/db/schema/sessions';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { votes } from '@ember/db/schema/votes';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { makeClientSession, makeOrder, makeSessionLog, makeVote } from '@ember/db/seed/factories';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestAppOn, createTestAppOn } from '../../../test-support/app-on-fake.ts';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { postingsOf } from '../../../test-support/books.ts';
import { startFakeDiscord } from '../../../test-support/fake-discord-server.ts';
import { providerCodeExchange, restoreSession } from '../../../test-support/provider-sign-in.ts';
import type { TestContext } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  buySubscription,
  expectLedgerClean,
  givenListEntry,
  givenPriceOf,
  givenUser,
  grant,
} from '../../../test-support/test-data.ts';
import { CLIENT_BASE, signInClient, signInClientWith } from '../client-api/client-api.fixtures.ts';

const SHOP = '/api/shop';

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeDiscord>>;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ ctx, fake } = await createTestAppOn(await startFakeDiscord()));
  admin = await asUser(ctx, 'admin');
});

afterAll(() => closeTestAppOn({ ctx, fake }));

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  headers = admin,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url: `${SHOP}${url}`, headers, payload });

const lastAuditOf = async (action: string, targetId: number) => {
  const [row] = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(targetId))))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
};

/** Signs in through the fake Discord provider over HTTP, then restores the session: the POST /token answer. */
async function signInThroughProvider(username: string) {
  const exchange = await providerCodeExchange(ctx, username);
  return restoreSession(ctx, { token: exchange.json().access_token });
}

describe('GET /users', () => {
  it('pages every account for admins, newest first, and refuses everyone else', async () => {
    const res = await call('GET', '/users?size=5');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.content).toHaveLength(5);
    const ids = page.content.map((user: { id: number }) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.totalPages).toBeGreaterThanOrEqual(3);

    expect((await call('GET', '/users', await asUser(ctx, 'customer'))).statusCode).toBe(403);
    expect((await call('GET', '/users', await asUser(ctx, 'staff'))).statusCode).toBe(403);
    expect((await call('GET', '/users', {})).statusCode).toBe(401);
    const badSort = await call('GET', '/users?sort=password,asc');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/Cannot sort by 'password'/);
  });

  it('finds an account by id, Discord id exactly, or a username prefix in any case', async () => {
    const user = await givenUser(ctx, { username: 'Zephyrine_Quill', discordId: '777000111222333444' });
    const other = await givenUser(ctx, { username: 'zephyrineXquill' });
    const search = async (term: string) => {
      const res = await call('GET', `/users?search=${encodeURIComponent(term)}&size=50`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content.map((row: { id: number }) => row.id) as number[];
    };
    expect(await search(String(user.id))).toContain(user.id);
    expect(await search('777000111222333444')).toEqual([user.id]);
    expect(await search('77700011122233344')).toEqual([]);
    expect((await search('zEPHYRINE')).sort()).toEqual([user.id, other.id].sort());
    // `_` is a literal character, not a LIKE wildcard.
    expect(await search('zephyrine_')).toEqual([user.id]);
    expect(await search('ephyrine')).toEqual([]);

    const sorted = await call('GET', '/users?search=zephyrine&sort=username,asc');
    expect(sorted.json().content.map((row: { username: string }) => row.username)).toEqual([
      'Zephyrine_Quill',
      'zephyrineXquill',
    ]);
  });
});

describe('GET /users/{id}', () => {
  it('answers the account as the admin panel shows it; 404 for an unknown id', async () => {
    const user = await givenUser(ctx, { credits: 120 });
    const res = await call('GET', `/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      discordId: user.discordId,
      balance: 120,
      earnings: 0,
      enabled: true,
      transferredToId: null,
      vip: false,
    });
    const missing = await call('GET', '/users/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No user with id 99999999.');
    expect((await call('GET', `/users/${user.id}`, await asUser(ctx, 'customer'))).statusCode).toBe(403);
  });
});

describe('PUT /users/{id}', () => {
  it('edits names; a balance change is one balanced journal against ADJUSTMENTS with the reason, audited', async () => {
    const user = await givenUser(ctx, { credits: 500 });
    const noReason = await call('PUT', `/users/${user.id}`, admin, {
      discordId: user.discordId,
      username: user.username,
      balance: 800,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(BALANCE_REASON_REQUIRED_MESSAGE);
    expect((await balanceOf(ctx, user.id)).balance).toBe(500);

    const res = await call('PUT', `/users/${user.id}`, admin, {
      discordId: '555000111222333444',
      username: 'Renamed',
      balance: 800,
      reason: 'Compensation for the outage',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: 'Renamed', discordId: '555000111222333444', balance: 800 });

    const journals = await ctx.database.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'ADMIN_ADJUSTMENT'), eq(ledgerJournals.referenceId, user.id)));
    expect(journals).toHaveLength(1);
    expect(journals[0]?.description).toBe('Compensation for the outage');
    const postings = await postingsOf(ctx.database.db, { kind: 'USER', id: user.id });
    const adjustment = postings.filter((p) => p.journalKind === 'ADMIN_ADJUSTMENT');
    expect(adjustment).toEqual([
      expect.objectContaining({ userId: user.id, account: 'CREDITS', amount: 300 }),
      expect.objectContaining({ userId: null, account: 'ADJUSTMENTS', amount: -300 }),
    ]);

    const audit = await lastAuditOf('user:update', user.id);
    expect(audit).toMatchObject({ actorId: DEMO_USER_IDS.admin, actorRole: 'ADMIN', targetKind: 'USER' });
    expect(audit?.before).toMatchObject({ balance: 500, username: user.username });
    expect(audit?.after).toMatchObject({
      balance: 800,
      username: 'Renamed',
      reason: 'Compensation for the outage',
    });

    // Down again, and a names-only edit needs no reason and writes no journal.
    const down = await call('PUT', `/users/${user.id}`, admin, {
      discordId: '555000111222333444',
      username: 'Renamed',
      balance: 0,
      reason: 'Chargeback',
    });
    expect(down.json().balance).toBe(0);
    const namesOnly = await call('PUT', `/users/${user.id}`, admin, {
      discordId: '555000111222333444',
      username: 'Renamed again',
      balance: 0,
    });
    expect(namesOnly.statusCode, namesOnly.body).toBe(200);
    const [{ journals: adjustments } = { journals: 0 }] = await ctx.database.db
      .select({ journals: count() })
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'ADMIN_ADJUSTMENT'), eq(ledgerJournals.referenceId, user.id)));
    expect(adjustments).toBe(2);
    await expectLedgerClean(ctx);
  });

  it('refuses a Discord id another account has (409), bad input (400), unknown ids (404) and non-admins (403)', async () => {
    const user = await givenUser(ctx);
    const other = await givenUser(ctx);
    const taken = await call('PUT', `/users/${user.id}`, admin, {
      discordId: other.discordId,
      username: user.username,
      balance: 0,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(DISCORD_ID_TAKEN_MESSAGE);
    const bad = await call('PUT', `/users/${user.id}`, admin, { discordId: '12', username: 'x', balance: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid discord id');
    const negative = await call('PUT', `/users/${user.id}`, admin, {
      discordId: user.discordId,
      username: 'x',
      balance: -1,
    });
    expect(negative.statusCode).toBe(400);
    const missing = await call('PUT', '/users/99999999', admin, {
      discordId: user.discordId,
      username: 'x',
      balance: 0,
    });
    expect(missing.statusCode).toBe(404);
    const asCustomer = await call('PUT', `/users/${user.id}`, await asUser(ctx, 'customer'), {
      discordId: user.discordId,
      username: 'x',
      balance: 100,
      reason: 'free money',
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await balanceOf(ctx, user.id)).balance).toBe(0);
  });
});

describe('ban and unban', () => {
  it('a banned customer is refused on the next API call, on the client API and at sign-in; unban restores', async () => {
    const customerId = DEMO_USER_IDS.customer;
    const website = await asUser(ctx, 'customer');
    const client = await signInClient(ctx, 'customer');
    expect((await call('GET', '/users/me', website)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${CLIENT_BASE}/manifest`, headers: client })).statusCode,
    ).toBe(200);

    const ban = await call('DELETE', `/users/${customerId}/ban`);
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json()).toMatchObject({ id: customerId, enabled: false });

    const next = await call('GET', '/users/me', website);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toMatch(/banned/);
    const clientCall = await ctx.app.inject({
      method: 'GET',
      url: `${CLIENT_BASE}/manifest`,
      headers: client,
    });
    expect(clientCall.statusCode).toBe(401);
    const live = await ctx.database.db
      .select({ revokedAt: clientTokens.revokedAt })
      .from(clientTokens)
      .where(eq(clientTokens.userId, customerId));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((token) => token.revokedAt !== null)).toBe(true);
    const signIn = await signInThroughProvider('customer');
    expect(signIn.statusCode).toBe(423);

    const audit = await lastAuditOf('user:ban', customerId);
    expect(audit).toMatchObject({ actorId: DEMO_USER_IDS.admin, actorRole: 'ADMIN' });
    expect(audit?.before).toEqual({ enabled: true });
    expect(audit?.after).toMatchObject({ enabled: false });

    const unban = await call('DELETE', `/users/${customerId}/unban`);
    expect(unban.statusCode, unban.body).toBe(200);
    expect(unban.json().enabled).toBe(true);
    expect((await lastAuditOf('user:unban', customerId))?.after).toEqual({ enabled: true });
    // Sign-in works again, and the new sign-in's JWT is accepted (the old one stays revoked).
    const again = await signInThroughProvider('customer');
    expect(again.statusCode, again.body).toBe(200);
    const me = await call('GET', '/users/me', { authorization: String(again.headers.authorization) });
    expect(me.statusCode).toBe(200);
    expect((await call('GET', '/users/me', website)).statusCode).toBe(401);
    const newClient = await signInClientWith(ctx, { authorization: String(again.headers.authorization) });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${CLIENT_BASE}/manifest`, headers: newClient }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses banning oneself (400), unknown users (404) and non-admins (403)', async () => {
    const self = await call('DELETE', `/users/${DEMO_USER_IDS.admin}/ban`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(BAN_SELF_MESSAGE);
    expect((await call('DELETE', '/users/99999999/ban')).statusCode).toBe(404);
    expect((await call('DELETE', '/users/99999999/unban')).statusCode).toBe(404);
    const target = await givenUser(ctx);
    expect((await call('DELETE', `/users/${target.id}/ban`, await asUser(ctx, 'staff'))).statusCode).toBe(
      403,
    );
    expect(
      (await call('DELETE', `/users/${target.id}/unban`, await asUser(ctx, 'payments'))).statusCode,
    ).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.enabled).toBe(true);
  });

  it('leaves an account holding the OWNER role to the owner: an admin cannot ban, edit or transfer it', async () => {
    const ownerAccount = await givenUser(ctx, { roles: ['CUSTOMER', 'OWNER'], credits: 10 });
    const other = await givenUser(ctx);
    expect((await call('DELETE', `/users/${ownerAccount.id}/ban`)).statusCode).toBe(403);
    const edit = await call('PUT', `/users/${ownerAccount.id}`, admin, {
      discordId: ownerAccount.discordId,
      username: 'taken-over',
      balance: 10,
    });
    expect(edit.statusCode).toBe(403);
    const move = await call('POST', `/users/${ownerAccount.id}/transfer-account?targetId=${other.id}`);
    expect(move.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, ownerAccount.id));
    expect(row).toMatchObject({ enabled: true, username: ownerAccount.username, transferredToId: null });
    const byOwner = await call('DELETE', `/users/${ownerAccount.id}/ban`, await asUser(ctx, 'owner'));
    expect(byOwner.statusCode).toBe(200);
  });
});

describe('PUT /users/{id}/add-vip', () => {
  it('adds hours from now to a non-VIP account, days and calendar months from the current end', async () => {
    const user = await givenUser(ctx);
    const before = Date.now();
    const hours = await call('PUT', `/users/${user.id}/add-vip?hours=5`);
    expect(hours.statusCode, hours.body).toBe(200);
    const end = new Date(hours.json().vipUntil).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 5 * 3_600_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 5 * 3_600_000);
    expect(hours.json()).toMatchObject({ vip: true, roles: expect.arrayContaining(['VIP']) });

    await ctx.database.db
      .update(users)
      .set({ vipUntil: new Date('2099-01-31T12:00:00.000Z') })
      .where(eq(users.id, user.id));
    const days = await call('PUT', `/users/${user.id}/add-vip?days=2`);
    expect(days.json().vipUntil).toBe('2099-02-02T12:00:00.000Z');
    await ctx.database.db
      .update(users)
      .set({ vipUntil: new Date('2099-01-31T12:00:00.000Z') })
      .where(eq(users.id, user.id));
    const months = await call('PUT', `/users/${user.id}/add-vip?months=1`);
    expect(months.json().vipUntil).toBe('2099-02-28T12:00:00.000Z');
    const year = await call('PUT', `/users/${user.id}/add-vip?months=12`);
    expect(year.json().vipUntil).toBe('2100-02-28T12:00:00.000Z');

    const audit = await lastAuditOf('user:add-vip', user.id);
    expect(audit?.before).toMatchObject({ vipUntil: '2099-02-28T12:00:00.000Z' });
    expect(audit?.after).toMatchObject({ vipUntil: '2100-02-28T12:00:00.000Z', added: { months: 12 } });
  });

  it("refuses no unit or two units with 'Invalid unit provided', and bad amounts", async () => {
    const user = await givenUser(ctx);
    for (const query of ['', '?hours=1&days=1', '?weeks=2']) {
      const res = await call('PUT', `/users/${user.id}/add-vip${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(INVALID_VIP_UNIT_MESSAGE);
    }
    expect((await call('PUT', `/users/${user.id}/add-vip?days=0`)).statusCode).toBe(400);
    expect((await call('PUT', `/users/${user.id}/add-vip?days=abc`)).statusCode).toBe(400);
    expect((await call('PUT', '/users/99999999/add-vip?days=1')).statusCode).toBe(404);
    expect((await call('PUT', `/users/${user.id}/add-vip?days=1`, await asUser(ctx, 'vip'))).statusCode).toBe(
      403,
    );
  });
});

async function rowsOf(userId: number) {
  const db = ctx.database.db;
  const countWhere = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    subscriptions: await countWhere(
      db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId)),
    ),
    orders: await countWhere(db.select({ n: count() }).from(orders).where(eq(orders.buyerId, userId))),
    payouts: await countWhere(db.select({ n: count() }).from(payouts).where(eq(payouts.userId, userId))),
    sessions: await countWhere(
      db.select({ n: count() }).from(clientSessions).where(eq(clientSessions.userId, userId)),
    ),
    sessionLogs: await countWhere(
      db.select({ n: count() }).from(sessionLogs).where(eq(sessionLogs.userId, userId)),
    ),
    clientTokens: await countWhere(
      db.select({ n: count() }).from(clientTokens).where(eq(clientTokens.userId, userId)),
    ),
    votes: await countWhere(db.select({ n: count() }).from(votes).where(eq(votes.userId, userId))),
    accessListEntries: await countWhere(
      db.select({ n: count() }).from(accessListEntries).where(eq(accessListEntries.userId, userId)),
    ),
  };
}

describe('POST /users/{userId}/transfer-account', () => {
  it('moves everything in one transaction, leaves nothing behind and nothing doubled, and keeps the books clean', async () => {
    const db = ctx.database.db;
    const source = await givenUser(ctx, {
      credits: 1_000,
      roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'],
    });
    const target = await givenUser(ctx, { credits: 50 });
    await grant(ctx, source.id, 4_000, 'EARNINGS');
    const sourceHeaders = await headersFor(ctx, source.id);

    // Subscriptions bought with credits, a payout (reserves earnings), an order, sessions, votes, lists.
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { plan, price } = await givenPriceOf(ctx, developer.id, { price: 100 });
    const other = await givenPriceOf(ctx, developer.id, { price: 150 });
    expect((await buySubscription(ctx, sourceHeaders, `priceId=${price.id}`)).statusCode).toBe(201);
    expect((await buySubscription(ctx, sourceHeaders, `priceId=${other.price.id}`)).statusCode).toBe(201);
    const payout = await ctx.app.inject({
      method: 'POST',
      url: '/api/commerce/payouts/request?amount=1500',
      headers: sourceHeaders,
    });
    expect(payout.statusCode, payout.body).toBe(201);
    const [product] = await db.select().from(products).limit(1);
    if (!product) throw new Error('the seed has no product');
    await db.insert(orders).values(makeOrder(product, { buyerId: source.id }));
    const sessionId = crypto.randomUUID();
    await db.insert(clientSessions).values(makeClientSession({ userId: source.id, id: sessionId }));
    await db.insert(sessionLogs).values(makeSessionLog({ userId: source.id, sessionId }));
    const soon = new Date(Date.now() + 3_600_000);
    await db.insert(votes).values(makeVote({ userId: source.id, extraSessionsUntil: soon }));
    await db.insert(votes).values(makeVote({ userId: target.id, extraSessionsUntil: soon }));
    await givenListEntry(ctx, { kind: 'WHITELIST', userId: source.id, planId: plan.id });
    await givenListEntry(ctx, { kind: 'WHITELIST', userId: target.id, planId: plan.id });
    await givenListEntry(ctx, { kind: 'BLACKLIST', userId: source.id, priceId: other.price.id });
    await signInClientWith(ctx, sourceHeaders);

    const sourceBefore = await rowsOf(source.id);
    const targetBefore = await rowsOf(target.id);
    const money = await balanceOf(ctx, source.id);
    expect(money).toEqual({ balance: 750, earnings: 2_500 });
    const targetMoney = await balanceOf(ctx, target.id);

    const res = await call('POST', `/users/${source.id}/transfer-account?targetId=${target.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.moved).toEqual({
      subscriptions: 2,
      credits: 750,
      earnings: 2_500,
      orders: 1,
      payouts: 1,
      sessions: 1,
      clientTokens: 1,
      votes: 1,
      accessListEntries: 1,
    });
    expect(body.source).toMatchObject({
      enabled: false,
      transferredToId: target.id,
      balance: 0,
      earnings: 0,
    });
    expect(body.target).toMatchObject({ enabled: true, balance: 800, earnings: 2_500 });

    const sourceAfter = await rowsOf(source.id);
    const targetAfter = await rowsOf(target.id);
    expect(Object.values(sourceAfter).every((n) => n === 0)).toBe(true);
    for (const key of Object.keys(sourceBefore) as (keyof typeof sourceBefore)[]) {
      // The duplicate whitelist entry is dropped rather than doubled.
      const dropped = key === 'accessListEntries' ? 1 : 0;
      expect(targetAfter[key], key).toBe(targetBefore[key] + sourceBefore[key] - dropped);
    }
    expect(await balanceOf(ctx, source.id)).toEqual({ balance: 0, earnings: 0 });
    expect(await balanceOf(ctx, target.id)).toEqual({
      balance: targetMoney.balance + 750,
      earnings: targetMoney.earnings + 2_500,
    });
    // The target holds one running extra-sessions grant, not two.
    const running = await db
      .select({ id: votes.id })
      .from(votes)
      .where(eq(votes.userId, target.id))
      .then((rows) => rows.length);
    expect(running).toBe(2);
    const [{ n: grants } = { n: 0 }] = await db
      .select({ n: count() })
      .from(votes)
      .where(and(eq(votes.userId, target.id), eq(votes.extraSessionsUntil, soon)));
    expect(grants).toBe(1);

    const journal = (await postingsOf(db, { kind: 'USER', id: source.id })).filter(
      (p) => p.journalKind === 'ACCOUNT_TRANSFER',
    );
    expect(journal).toEqual([
      expect.objectContaining({
        userId: source.id,
        account: 'CREDITS',
        type: 'ACCOUNT_TRANSFER_OUT',
        amount: -750,
      }),
      expect.objectContaining({
        userId: target.id,
        account: 'CREDITS',
        type: 'ACCOUNT_TRANSFER_IN',
        amount: 750,
      }),
      expect.objectContaining({
        userId: source.id,
        account: 'EARNINGS',
        type: 'ACCOUNT_TRANSFER_OUT',
        amount: -2_500,
      }),
      expect.objectContaining({
        userId: target.id,
        account: 'EARNINGS',
        type: 'ACCOUNT_TRANSFER_IN',
        amount: 2_500,
      }),
    ]);
    // History stays with the account that made it: the source's earlier postings are still its own.
    const [{ n: history } = { n: 0 }] = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, source.id));
    expect(history).toBeGreaterThanOrEqual(5);

    const audit = await lastAuditOf('user:transfer-account', source.id);
    expect(audit).toMatchObject({ actorId: DEMO_USER_IDS.admin, actorRole: 'ADMIN' });
    expect(audit?.before).toMatchObject({ source: { balance: 750, enabled: true } });
    expect(audit?.after).toMatchObject({
      source: { enabled: false, transferredToId: target.id },
      moved: body.moved,
    });

    // The source's sign-in is dead; the moved subscriptions show up for the target.
    expect((await call('GET', '/users/me', sourceHeaders)).statusCode).toBe(401);
    const mine = await call('GET', '/subscriptions/my', await headersFor(ctx, target.id));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(plan.name);

    // Refusals afterwards: already transferred, and the source cannot be unbanned.
    const third = await givenUser(ctx);
    const again = await call('POST', `/users/${source.id}/transfer-account?targetId=${third.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNT_ALREADY_TRANSFERRED_MESSAGE);
    const unban = await call('DELETE', `/users/${source.id}/unban`);
    expect(unban.statusCode).toBe(409);
    expect(unban.json().message).toBe(UNBAN_TRANSFERRED_MESSAGE);
    await expectLedgerClean(ctx);
  });

  it('refuses itself, unknown accounts, a disabled target, a bad target id and non-admins', async () => {
    const source = await givenUser(ctx, { credits: 10 });
    const banned = await givenUser(ctx, { enabled: false });
    const cases: [string, number, string][] = [
      [`targetId=${source.id}`, 400, TRANSFER_TO_SELF_MESSAGE],
      ['targetId=99999999', 404, TRANSFER_TARGET_NOT_FOUND_MESSAGE],
      [`targetId=${banned.id}`, 409, TRANSFER_TARGET_DISABLED_MESSAGE],
      ['targetId=abc', 400, TARGET_USER_ID_INVALID_MESSAGE],
      ['targetId=', 400, TARGET_USER_ID_INVALID_MESSAGE],
      ['', 400, TARGET_USER_ID_INVALID_MESSAGE],
    ];
    for (const [query, status, message] of cases) {
      const res = await call('POST', `/users/${source.id}/transfer-account?${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(res.json().message, query).toBe(message);
    }
    const unknownSource = await call('POST', `/users/99999999/transfer-account?targetId=${source.id}`);
    expect(unknownSource.statusCode).toBe(404);
    const asStaff = await call(
      'POST',
      `/users/${source.id}/transfer-account?targetId=${banned.id}`,
      await asUser(ctx, 'staff'),
    );
    expect(asStaff.statusCode).toBe(403);
    expect(await balanceOf(ctx, source.id)).toEqual({ balance: 10, earnings: 0 });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, source.id));
    expect(row).toMatchObject({ enabled: true, transferredToId: null });
  });
});
