import { users } from '@ember/db/schema/users';
import { ledgerEntries } from '@ember/db/schema/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { balanceOf, givenUser } from '../subscriptions/money.fixtures.ts';
import { describeLedgerReport } from './ledger-check.ts';
import { AlreadyPosted, createWalletService } from './wallet.service.ts';

let ctx: TestContext;
let wallet: ReturnType<typeof createWalletService>;

beforeAll(async () => {
  ctx = await createTestApp();
  wallet = createWalletService({ db: ctx.database.db });
});

afterAll(async () => {
  await ctx?.close();
});

describe('postLedgerEntries', () => {
  it('moves the cached columns and records balance_after, inside the caller transaction', async () => {
    const user = await givenUser(ctx, { credits: 100 });
    const posted = await ctx.database.db.transaction((tx) =>
      wallet.postLedgerEntries(tx, [
        { userId: user.id, account: 'CREDITS', type: 'ADMIN_ADJUSTMENT', amount: -30, description: 'fix' },
        { userId: user.id, account: 'EARNINGS', type: 'DEVELOPER_EARNING', amount: 12, description: 'sale' },
      ]),
    );
    expect(posted.map((e) => [e.account, e.amount, e.balanceAfter])).toEqual([
      ['CREDITS', -30, 70],
      ['EARNINGS', 12, 12],
    ]);
    expect(await balanceOf(ctx, user.id)).toEqual({ balance: 70, earnings: 12 });
  });

  it('refuses to go below zero with the default or the caller message, and the transaction leaves no trace', async () => {
    const user = await givenUser(ctx, { credits: 10 });
    const attempt = (message?: string) =>
      ctx.database.db.transaction(async (tx) => {
        await wallet.postLedgerEntries(tx, [
          { userId: user.id, account: 'CREDITS', type: 'ADMIN_ADJUSTMENT', amount: 5, description: 'first' },
        ]);
        await wallet.postLedgerEntries(tx, [
          {
            userId: user.id,
            account: 'CREDITS',
            type: 'PURCHASE',
            amount: -16,
            description: 'too much',
            ...(message
              ? { whenInsufficient: (available: number) => new Error(`${message} ${available}`) as never }
              : {}),
          },
        ]);
      });
    await expect(attempt()).rejects.toMatchObject({ statusCode: 400, message: 'Not enough credits.' });
    await expect(attempt('only')).rejects.toThrow('only 15');
    expect((await balanceOf(ctx, user.id)).balance).toBe(10);
    const entries = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id));
    expect(entries).toHaveLength(1);

    const earnings = ctx.database.db.transaction((tx) =>
      wallet.postLedgerEntries(tx, [
        {
          userId: user.id,
          account: 'EARNINGS',
          type: 'DEVELOPER_EARNING_REVERSAL',
          amount: -1,
          description: 'x',
        },
      ]),
    );
    await expect(earnings).rejects.toMatchObject({ statusCode: 409, message: 'Not enough earnings.' });
  });

  it('refuses a zero amount as a programming error', async () => {
    const user = await givenUser(ctx);
    await expect(
      ctx.database.db.transaction((tx) =>
        wallet.postLedgerEntries(tx, [
          {
            userId: user.id,
            account: 'CREDITS',
            type: 'ADMIN_ADJUSTMENT',
            amount: 0,
            description: 'nothing',
          },
        ]),
      ),
    ).rejects.toThrow(/non-zero/);
  });

  it('records a batch with an idempotency key once; the repeat rolls back with AlreadyPosted', async () => {
    const user = await givenUser(ctx);
    const post = () =>
      ctx.database.db.transaction((tx) =>
        wallet.postLedgerEntries(tx, [
          {
            userId: user.id,
            account: 'CREDITS',
            type: 'ORDER_TOP_UP',
            amount: 500,
            description: 'order 1',
            idempotencyKey: `order:${user.id}`,
          },
        ]),
      );
    await post();
    await expect(post()).rejects.toBeInstanceOf(AlreadyPosted);
    expect((await balanceOf(ctx, user.id)).balance).toBe(500);
  });
});

describe('checkLedger', () => {
  it('is clean on the demo data and after money moved', async () => {
    const report = await wallet.checkLedger();
    expect(report).toMatchObject({ ok: true, accountMismatches: [], brokenChain: [] });
    expect(report.entries).toBeGreaterThan(100);
    expect(describeLedgerReport(report)[0]).toMatch(/^Ledger OK: \d+ users, \d+ entries/);
  });

  it('reports a cached balance the ledger does not explain, and an entry that breaks the chain', async () => {
    const user = await givenUser(ctx, { credits: 100 });
    await ctx.database.db.update(users).set({ balance: 150 }).where(eq(users.id, user.id));
    const drift = await wallet.checkLedger();
    expect(drift.ok).toBe(false);
    expect(drift.accountMismatches).toEqual([
      { userId: user.id, balance: 150, ledgerCredits: 100, earnings: 0, ledgerEarnings: 0 },
    ]);

    // An entry written around postLedgerEntries: its balance_after does not follow from the one before.
    await ctx.database.db.insert(ledgerEntries).values({
      userId: user.id,
      account: 'CREDITS',
      type: 'ADMIN_ADJUSTMENT',
      amount: 50,
      balanceAfter: 175,
      description: 'hand-written',
    });
    const broken = await wallet.checkLedger();
    expect(broken.brokenChain).toEqual([
      expect.objectContaining({ userId: user.id, amount: 50, balanceAfter: 175, expected: 150 }),
    ]);
    expect(describeLedgerReport(broken).join('\n')).toMatch(/FAILED[\s\S]*expected 150/);
  });
});
