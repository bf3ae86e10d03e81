import {
  PAYOUT_REQUEST_CREATED_MESSAGE,
  type PayoutResponse,
  WITHDRAW_AMOUNT_INVALID_MESSAGE,
  withdrawMoreThanAvailableMessage,
} from '@ember/contracts/payouts';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { postingsOf } from '../../../test-support/books.ts';
import { requestsTo } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  expectLedgerClean,
  givenPriceOf,
  givenUser,
  grant,
} from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const ctx = useTestApp();

type Headers = Record<string, string>;
const commerce = requestsTo(ctx, '/api/commerce');

async function premiumWithEarnings(earnings: number) {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'] });
  await grant(ctx, developer.id, earnings, 'EARNINGS');
  return { developer, headers: await headersFor(ctx, developer.id) };
}

const earningsOf = async (headers: Headers) => {
  const res = await commerce('GET', headers, '/payouts/earnings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('POST /payouts/request', () => {
  it('creates a pending payout and reserves its amount in the books, in the same transaction', async () => {
    const { developer, headers } = await premiumWithEarnings(10_000);
    const res = await commerce('POST', headers, '/payouts/request?amount=2500');
    expect(res.statusCode).toBe(201);
    const payout: PayoutResponse = res.json();
    expect(payout).toMatchObject({
      userId: developer.id,
      amount: 2500,
      status: 'Pending',
      completed: false,
      completedDate: null,
      reference: null,
    });
    expect(await postingsOf(ctx.database.db, { kind: 'PAYOUT', id: payout.id })).toEqual([
      expect.objectContaining({ userId: developer.id, account: 'EARNINGS', amount: -2500 }),
      expect.objectContaining({ userId: null, account: 'PAYOUTS_IN_FLIGHT', amount: 2500 }),
    ]);
    expect((await balanceOf(ctx, developer.id)).earnings).toBe(7500);
    expect(await earningsOf(headers)).toMatchObject({ available: 7500, reserved: 2500, paidOut: 0 });
    expect(PAYOUT_REQUEST_CREATED_MESSAGE).toBe('Payout request created');
    const trail = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/admin/audit-events?targetKind=PAYOUT&targetId=${payout.id}`,
      headers: await asUser(ctx, 'admin'),
    });
    expect(trail.json().content).toMatchObject([
      {
        action: 'payout:request',
        actor: { id: developer.id },
        actorRole: 'PREMIUM_DEVELOPER',
        after: { amount: 2500 },
      },
    ]);
    await expectLedgerClean(ctx);
  });

  it('refuses more than is available, leaving no payout and no posting behind', async () => {
    const { developer, headers } = await premiumWithEarnings(1000);
    const res = await commerce('POST', headers, '/payouts/request?amount=1001');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: withdrawMoreThanAvailableMessage(1000) });
    expect((await commerce('GET', headers, '/payouts')).json()).toEqual({ content: [], totalPages: 0 });
    expect((await balanceOf(ctx, developer.id)).earnings).toBe(1000);

    // Everything is available once; then nothing is.
    expect((await commerce('POST', headers, '/payouts/request?amount=1000')).statusCode).toBe(201);
    const empty = await commerce('POST', headers, '/payouts/request?amount=1');
    expect(empty.json()).toEqual({ message: withdrawMoreThanAvailableMessage(0) });
    await expectLedgerClean(ctx);
  });

  it("answers the spec's message for an amount that is not a number above 0", async () => {
    const { headers } = await premiumWithEarnings(100);
    for (const amount of ['', '0', '-5', 'abc', '1.5', '1e3', '0x10']) {
      const res = await commerce('POST', headers, `/payouts/request?amount=${encodeURIComponent(amount)}`);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toEqual({ message: WITHDRAW_AMOUNT_INVALID_MESSAGE });
    }
    const missing = await commerce('POST', headers, '/payouts/request');
    expect(missing.json()).toEqual({ message: WITHDRAW_AMOUNT_INVALID_MESSAGE });
  });

  it('with an Idempotency-Key, a second press makes no second payout and reserves nothing more', async () => {
    const { developer, headers } = await premiumWithEarnings(1000);
    const once = { ...headers, 'idempotency-key': 'confirm-7f3a' };
    const first = await commerce('POST', once, '/payouts/request?amount=300');
    const again = await commerce('POST', once, '/payouts/request?amount=300');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await commerce('GET', headers, '/payouts')).json().content).toHaveLength(1);
    expect(await earningsOf(headers)).toMatchObject({ available: 700, reserved: 300 });

    // The same key with another amount is a client bug, not a success; a new key is a new request.
    const reused = await commerce('POST', once, '/payouts/request?amount=400');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: 'This Idempotency-Key was already used with different parameters.',
    });
    const other = { ...headers, 'idempotency-key': 'confirm-9b21' };
    expect((await commerce('POST', other, '/payouts/request?amount=300')).statusCode).toBe(201);
    expect((await balanceOf(ctx, developer.id)).earnings).toBe(400);

    // One developer's key is not another's: theirs makes their own payout.
    const someoneElse = await premiumWithEarnings(1000);
    const theirs = await commerce(
      'POST',
      { ...someoneElse.headers, 'idempotency-key': 'confirm-7f3a' },
      '/payouts/request?amount=300',
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().userId).toBe(someoneElse.developer.id);
    await expectLedgerClean(ctx);
  });

  it('is for premium developers only', async () => {
    for (const username of ['developer', 'customer', 'admin'] as const) {
      const res = await commerce('POST', await asUser(ctx, username), '/payouts/request?amount=1');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.ROLE });
    }
  });
});

describe('GET /payouts and the earnings card', () => {
  it('lists only the caller’s payouts, newest first; the owner sees everyone’s', async () => {
    const { developer, headers } = await premiumWithEarnings(5000);
    await commerce('POST', headers, '/payouts/request?amount=100');
    await commerce('POST', headers, '/payouts/request?amount=200');
    const own = await commerce('GET', headers, '/payouts');
    expect(own.json().content.map((payout: PayoutResponse) => payout.amount)).toEqual([200, 100]);
    expect(own.json().content.every((payout: PayoutResponse) => payout.userId === developer.id)).toBe(true);

    const all = await commerce('GET', await asUser(ctx, 'owner'), '/payouts/all?size=100');
    expect(all.statusCode).toBe(200);
    const owners = new Set(all.json().content.map((payout: PayoutResponse) => payout.userId));
    expect(owners.has(developer.id)).toBe(true);
    expect(owners.has(DEMO_USER_IDS.premium)).toBe(true);
    expect((await commerce('GET', headers, '/payouts/all')).statusCode).toBe(403);
  });

  it("refuses reading another developer's payout", async () => {
    const mine = await premiumWithEarnings(100);
    const theirs = await premiumWithEarnings(100);
    const payout = (await commerce('POST', theirs.headers, '/payouts/request?amount=50')).json();
    const res = await commerce('GET', mine.headers, `/payouts/${payout.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    expect((await commerce('GET', theirs.headers, `/payouts/${payout.id}`)).json().id).toBe(payout.id);
  });

  it('shows available, reserved, paid out and earned this month from the books', async () => {
    const { developer, headers } = await premiumWithEarnings(0);
    const { price } = await givenPriceOf(ctx, developer.id, { price: 1000 });
    const buyer = await givenUser(ctx, { credits: 1000 });
    const bought = await ctx.app.inject({
      method: 'POST',
      url: `/api/shop/subscriptions?priceId=${price.id}`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(bought.statusCode).toBe(201);
    expect(await earningsOf(headers)).toEqual({
      available: 800,
      reserved: 0,
      paidOut: 0,
      earnedThisMonth: 800,
      canRequestPayouts: true,
    });

    const first = (await commerce('POST', headers, '/payouts/request?amount=300')).json();
    await commerce('POST', headers, '/payouts/request?amount=200');
    const confirmed = await commerce('POST', await asUser(ctx, 'owner'), `/payouts/${first.id}`, {
      reference: 'https://bank.example/tx/1',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'Completed', reference: 'https://bank.example/tx/1' });
    expect(await earningsOf(headers)).toEqual({
      available: 300,
      reserved: 200,
      paidOut: 300,
      earnedThisMonth: 800,
      canRequestPayouts: true,
    });
    const again = await commerce('POST', await asUser(ctx, 'owner'), `/payouts/${first.id}`, {
      reference: 'x',
    });
    expect(again.statusCode).toBe(409);
    await expectLedgerClean(ctx);
  });

  it('tells a developer without the premium role that payouts are not theirs to request', async () => {
    const developer = await asUser(ctx, 'developer');
    expect((await earningsOf(developer)).canRequestPayouts).toBe(false);
    expect((await commerce('GET', developer, '/payouts')).statusCode).toBe(403);
    expect((await commerce('GET', await asUser(ctx, 'customer'), '/payouts/earnings')).statusCode).toBe(403);
  });

  it('shows the seeded premium developer a pending payout reserved in the books', async () => {
    const card = await earningsOf(await asUser(ctx, 'premium'));
    expect(card.reserved).toBeGreaterThan(0);
    expect(card.paidOut).toBeGreaterThan(0);
    expect(card.available).toBeGreaterThan(0);
  });
});
