import { DEMO_ACCOUNTS, DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { users } from '@ember/db/schema/users';
import { ledgerEntries } from '@ember/db/schema/wallet';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { postingsOf } from '../../../test-support/books.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { balanceOf, expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';

const ctx = useTestApp();

const discordIdOf = (username: string) => DEMO_ACCOUNTS.find((a) => a.username === username)?.discordId ?? '';

const transfer = (headers: Record<string, string>, query: string, extra: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/shop/users/transfer-credits?${query}`,
    headers: { ...headers, ...extra },
  });

/** The newest ledger posting on a user's accounts. */
async function lastPostingOf(userId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row;
}

describe('PUT /users/transfer-credits', () => {
  it("refuses amounts that are not plain decimal digits ('0x10', '1e3') and moves nothing", async () => {
    const sender = await givenUser(ctx, { credits: 5000 });
    const receiver = await givenUser(ctx, { credits: 0 });
    for (const amount of ['0x10', '1e3', '1.5', '-1']) {
      const res = await transfer(
        await headersFor(ctx, sender.id),
        `targetDiscordId=${receiver.discordId}&amount=${encodeURIComponent(amount)}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a valid amount.' });
    }
    expect((await balanceOf(ctx, sender.id)).balance).toBe(5000);
    expect((await balanceOf(ctx, receiver.id)).balance).toBe(0);
  });

  it('moves credits with two ledger entries and answers with the success message', async () => {
    const sender = await givenUser(ctx, { credits: 1000 });
    const receiver = await givenUser(ctx, { credits: 50 });
    const res = await transfer(
      await headersFor(ctx, sender.id),
      `targetDiscordId=${receiver.discordId}&amount=300`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Credits transferred successfully!', balance: 700 });
    expect((await balanceOf(ctx, sender.id)).balance).toBe(700);
    expect((await balanceOf(ctx, receiver.id)).balance).toBe(350);

    const out = await lastPostingOf(sender.id);
    expect(out).toMatchObject({
      type: 'CREDIT_TRANSFER_OUT',
      amount: -300,
      balanceAfter: 700,
    });
    const into = await lastPostingOf(receiver.id);
    expect(into).toMatchObject({
      type: 'CREDIT_TRANSFER_IN',
      amount: 300,
      balanceAfter: 350,
      journalId: out?.journalId,
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'credits:gift'), eq(auditEvents.targetId, String(receiver.id))));
    expect(audit).toMatchObject({
      actorId: sender.id,
      actorRole: 'CUSTOMER',
      targetKind: 'USER',
      after: { from: sender.id, to: receiver.id, amount: 300, journalId: out?.journalId },
    });
    // One journal, about the receiver, with nothing but the two users' postings.
    expect(await postingsOf(ctx.database.db, { kind: 'USER', id: receiver.id })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ journalKind: 'CREDIT_TRANSFER', userId: sender.id, amount: -300 }),
        expect.objectContaining({ journalKind: 'CREDIT_TRANSFER', userId: receiver.id, amount: 300 }),
      ]),
    );
    await expectLedgerClean(ctx);
  });

  it.each([
    ['a missing amount', 'targetDiscordId=314159265358979309', 'Please enter a valid amount.'],
    ['a text amount', 'targetDiscordId=314159265358979309&amount=lots', 'Please enter a valid amount.'],
    ['a zero amount', 'targetDiscordId=314159265358979309&amount=0', 'Please enter a valid amount.'],
    ['a negative amount', 'targetDiscordId=314159265358979309&amount=-5', 'Please enter a valid amount.'],
    ['a fractional amount', 'targetDiscordId=314159265358979309&amount=1.5', 'Please enter a valid amount.'],
    [
      'a huge amount',
      'targetDiscordId=314159265358979309&amount=99999999999',
      'Please enter a valid amount.',
    ],
    ['an empty receiver', 'targetDiscordId=&amount=5', 'Receivers discord id was empty'],
    ['a blank receiver', 'targetDiscordId=%20%20&amount=5', 'Receivers discord id was empty'],
    ['no receiver', 'amount=5', 'Receivers discord id was empty'],
  ])('refuses %s with 400 and the spec message', async (_case, query, message) => {
    const res = await transfer(await asUser(ctx, 'customer'), query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses an unknown receiver with 404', async () => {
    const res = await transfer(await asUser(ctx, 'customer'), 'targetDiscordId=999999999999999999&amount=5');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No user with that Discord ID.' });
  });

  it('refuses a transfer to yourself with 400', async () => {
    const res = await transfer(
      await asUser(ctx, 'customer'),
      `targetDiscordId=${discordIdOf('customer')}&amount=5`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot transfer credits to yourself.');
  });

  it('refuses a banned receiver, and a banned sender never gets past sign-in', async () => {
    const toBanned = await transfer(
      await asUser(ctx, 'customer'),
      `targetDiscordId=${discordIdOf('banned')}&amount=5`,
    );
    expect(toBanned.statusCode).toBe(409);
    expect(toBanned.json().message).toBe('You cannot transfer credits to a banned account.');

    const fromBanned = await transfer(
      await asUser(ctx, 'banned'),
      `targetDiscordId=${discordIdOf('customer')}&amount=5`,
    );
    expect(fromBanned.statusCode).toBe(401);
    expect(fromBanned.json().message).toMatch(/banned/);
  });

  it('refuses more than the transferable credits and moves nothing', async () => {
    const sender = await givenUser(ctx, { credits: 100 });
    const receiver = await givenUser(ctx);
    const res = await transfer(
      await headersFor(ctx, sender.id),
      `targetDiscordId=${receiver.discordId}&amount=101`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Not enough credits: you can transfer at most 100 credits.');
    expect((await balanceOf(ctx, sender.id)).balance).toBe(100);
    expect((await balanceOf(ctx, receiver.id)).balance).toBe(0);
  });

  it('refuses when an admin locked credit transfers for the sender', async () => {
    const sender = await givenUser(ctx, { credits: 100, creditsTransferable: false });
    const receiver = await givenUser(ctx);
    const res = await transfer(
      await headersFor(ctx, sender.id),
      `targetDiscordId=${receiver.discordId}&amount=10`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/locked/);
  });

  it('records a retried request with the same Idempotency-Key once', async () => {
    const sender = await givenUser(ctx, { credits: 100 });
    const receiver = await givenUser(ctx);
    const headers = await headersFor(ctx, sender.id);
    const query = `targetDiscordId=${receiver.discordId}&amount=40`;
    const first = await transfer(headers, query, { 'idempotency-key': 'gift-1' });
    const retry = await transfer(headers, query, { 'idempotency-key': 'gift-1' });
    expect(first.json()).toEqual({ message: 'Credits transferred successfully!', balance: 60 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ message: 'Credits transferred successfully!', balance: 60 });
    const other = await transfer(headers, query, { 'idempotency-key': 'gift-2' });
    expect(other.json().balance).toBe(20);
    expect((await balanceOf(ctx, receiver.id)).balance).toBe(80);
    await expectLedgerClean(ctx);
  });

  it('refuses an Idempotency-Key reused with another amount or receiver with 422, moving nothing', async () => {
    const sender = await givenUser(ctx, { credits: 100 });
    const receiver = await givenUser(ctx);
    const someoneElse = await givenUser(ctx);
    const headers = await headersFor(ctx, sender.id);
    const key = { 'idempotency-key': 'gift-reused' };
    const first = await transfer(headers, `targetDiscordId=${receiver.discordId}&amount=30`, key);
    expect(first.json()).toEqual({ message: 'Credits transferred successfully!', balance: 70 });

    const otherAmount = await transfer(headers, `targetDiscordId=${receiver.discordId}&amount=50`, key);
    expect(otherAmount.statusCode).toBe(422);
    expect(otherAmount.json()).toEqual({
      message: 'This Idempotency-Key was already used with different parameters.',
    });
    const otherReceiver = await transfer(headers, `targetDiscordId=${someoneElse.discordId}&amount=30`, key);
    expect(otherReceiver.statusCode).toBe(422);

    expect((await balanceOf(ctx, sender.id)).balance).toBe(70);
    expect((await balanceOf(ctx, receiver.id)).balance).toBe(30);
    expect((await balanceOf(ctx, someoneElse.id)).balance).toBe(0);
    await expectLedgerClean(ctx);
  });

  it('needs a signed-in caller', async () => {
    const res = await transfer({}, `targetDiscordId=${discordIdOf('vip')}&amount=5`);
    expect(res.statusCode).toBe(401);
  });

  it('keeps the demo customer balance consistent with /users/me', async () => {
    const before = (await balanceOf(ctx, DEMO_USER_IDS.customer)).balance;
    const res = await transfer(
      await asUser(ctx, 'customer'),
      `targetDiscordId=${discordIdOf('vip')}&amount=25`,
    );
    expect(res.json().balance).toBe(before - 25);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/users/me',
      headers: await asUser(ctx, 'customer'),
    });
    expect(me.json().balance).toBe(before - 25);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, DEMO_USER_IDS.customer));
    expect(row?.balance).toBe(before - 25);
  });
});
