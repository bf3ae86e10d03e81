import { DEMO_ACCOUNTS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { shopApi } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';

const ctx = useTestApp();

const { get } = shopApi(() => ctx);

const customerDiscordId = DEMO_ACCOUNTS.find((a) => a.username === 'customer')?.discordId ?? '';

describe('GET /transactions (admins)', () => {
  it('counts no further than 50 pages past the one asked for, and the count grows as a person pages on', async () => {
    const admin = await asUser(ctx, 'admin');
    const all = (await get('/transactions?page=0&size=100', admin)).json();
    const entries =
      (all.totalPages - 1) * 100 +
      (await get(`/transactions?page=${all.totalPages - 1}&size=100`, admin)).json().content.length;
    expect(entries).toBeGreaterThan(52);
    const first = (await get('/transactions?page=0&size=1', admin)).json();
    expect(first.totalPages).toBe(51);
    const later = (await get('/transactions?page=10&size=1', admin)).json();
    expect(later.totalPages).toBe(Math.min(61, entries));
    const last = (await get(`/transactions?page=${entries - 1}&size=1`, admin)).json();
    expect(last.totalPages).toBe(entries);
    expect(last.content).toHaveLength(1);
  });

  it('pages every ledger entry newest first with the spec fields', async () => {
    const res = await get('/transactions?page=0&size=5', await asUser(ctx, 'admin'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content).toHaveLength(5);
    expect(body.totalPages).toBeGreaterThan(10);
    const [first, second] = body.content;
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'account',
        'type',
        'description',
        'discordId',
        'username',
        'createdAt',
        'balance',
        'amount',
        'entityId',
        'referenceKind',
        'journalId',
      ].sort(),
    );
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(Date.parse(second.createdAt));
  });

  it('filters by the account holder and the type', async () => {
    const res = await get(
      `/transactions?discordId=${customerDiscordId}&type=CREDIT_TRANSFER_IN&size=100`,
      await asUser(ctx, 'owner'),
    );
    expect(res.statusCode).toBe(200);
    const { content } = res.json();
    expect(content.length).toBeGreaterThan(0);
    for (const entry of content) {
      expect(entry).toMatchObject({
        discordId: customerDiscordId,
        username: 'customer',
        type: 'CREDIT_TRANSFER_IN',
      });
    }
  });

  it('sorts by amount when asked and refuses unknown sort keys and types', async () => {
    const headers = await asUser(ctx, 'admin');
    const sorted = (await get('/transactions?sort=amount,asc&size=20', headers)).json().content;
    const amounts = sorted.map((entry: { amount: number }) => entry.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const badSort = await get('/transactions?sort=balance,asc', headers);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/Cannot sort by 'balance'/);
    const badType = await get('/transactions?type=STOLEN', headers);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/The type must be one of/);
  });

  it.each(['customer', 'developer', 'payments'] as const)('is refused to %s with 403', async (username) => {
    const res = await get('/transactions', await asUser(ctx, username));
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /transactions/my', () => {
  it("lists only the caller's own entries with the balance after each", async () => {
    const user = await givenUser(ctx, { credits: 250 });
    const res = await get('/transactions/my', await headersFor(ctx, user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      content: [
        expect.objectContaining({
          account: 'CREDITS',
          type: 'SEED',
          amount: 250,
          balance: 250,
          discordId: user.discordId,
          username: user.username,
          entityId: String(user.id),
          referenceKind: 'USER',
        }),
      ],
      totalPages: 1,
    });
  });

  it('shows a developer their earnings entries when filtered by account', async () => {
    const res = await get('/transactions/my?account=EARNINGS&size=100', await asUser(ctx, 'developer'));
    const { content } = res.json();
    expect(content.length).toBeGreaterThan(0);
    expect(content.every((entry: { account: string }) => entry.account === 'EARNINGS')).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    expect((await get('/transactions/my', {})).statusCode).toBe(401);
  });
});
