import type { Journal } from '@ember/db/books/journal';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingsOf } from '../../../test-support/books.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { balanceOf, expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
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

const adjustment = (userId: number, postings: Journal['postings'], idempotencyKey?: string): Journal => ({
  kind: 'ADMIN_ADJUSTMENT',
  reference: { kind: 'USER', id: userId },
  description: 'test',
  idempotencyKey,
  postings,
});

/** A posting of an admin adjustment on a user's credits. */
const creditsAdjustment = (userId: number, amount: number, description: string) =>
  ({ userId, account: 'CREDITS', type: 'ADMIN_ADJUSTMENT', amount, description }) as const;

/** The journal posted in a transaction of its own. */
const postAlone = (journal: Journal) => ctx.database.db.transaction((tx) => wallet.postJournal(tx, journal));

describe('postJournal', () => {
  it('moves the cached columns and records balance_after on user postings, inside the caller transaction', async () => {
    const user = await givenUser(ctx, { credits: 100 });
    const posted = await postAlone(
      adjustment(user.id, [
        { userId: user.id, account: 'CREDITS', type: 'ADMIN_ADJUSTMENT', amount: -30, description: 'fix' },
        {
          userId: user.id,
          account: 'EARNINGS',
          type: 'DEVELOPER_EARNING',
          amount: 12,
          description: 'sale',
        },
        { system: 'ADJUSTMENTS', type: 'ADMIN_ADJUSTMENT', amount: 18, description: 'other side' },
      ]),
    );
    expect(posted?.journalId).toBeGreaterThan(0);
    const rows = await ctx.database.db
      .select({
        account: ledgerEntries.account,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, posted?.journalId ?? 0))
      .orderBy(ledgerEntries.id);
    expect(rows).toEqual([
      { account: 'CREDITS', amount: -30, balanceAfter: 70 },
      { account: 'EARNINGS', amount: 12, balanceAfter: 12 },
      { account: 'ADJUSTMENTS', amount: 18, balanceAfter: null },
    ]);
    expect(await balanceOf(ctx, user.id)).toEqual({ balance: 70, earnings: 12 });
  });

  it('refuses a journal whose postings do not sum to zero, before anything moves', async () => {
    const user = await givenUser(ctx, { credits: 100 });
    await expect(
      postAlone(adjustment(user.id, [creditsAdjustment(user.id, 5, 'free money')])),
    ).rejects.toThrow(/Unbalanced ADMIN_ADJUSTMENT journal: its postings sum to 5/);
    expect((await balanceOf(ctx, user.id)).balance).toBe(100);
    expect(await postingsOf(ctx.database.db, { kind: 'USER', id: user.id })).toHaveLength(2);
  });

  it('refuses to take a user account below zero with the default or the caller message, leaving no trace', async () => {
    const user = await givenUser(ctx, { credits: 10 });
    const attempt = (message?: string) =>
      ctx.database.db.transaction(async (tx) => {
        await wallet.postJournal(
          tx,
          adjustment(user.id, [
            creditsAdjustment(user.id, 5, 'first'),
            { system: 'ADJUSTMENTS', type: 'ADMIN_ADJUSTMENT', amount: -5, description: 'first' },
          ]),
        );
        await wallet.postJournal(
          tx,
          adjustment(user.id, [
            {
              userId: user.id,
              account: 'CREDITS',
              type: 'PURCHASE',
              amount: -16,
              description: 'too much',
              ...(message
                ? { whenInsufficient: (available: number) => new Error(`${message} ${available}`) }
                : {}),
            },
            { system: 'PLATFORM_REVENUE', type: 'PLATFORM_SHARE', amount: 16, description: 'too much' },
          ]),
        );
      });
    await expect(attempt()).rejects.toMatchObject({ statusCode: 400, message: 'Not enough credits.' });
    await expect(attempt('only')).rejects.toThrow('only 15');
    expect((await balanceOf(ctx, user.id)).balance).toBe(10);
    expect(await postingsOf(ctx.database.db, { kind: 'USER', id: user.id })).toHaveLength(2);

    const earnings = postAlone(
      adjustment(user.id, [
        {
          userId: user.id,
          account: 'EARNINGS',
          type: 'DEVELOPER_EARNING_REVERSAL',
          amount: -1,
          description: 'x',
        },
        { system: 'PLATFORM_REVENUE', type: 'PLATFORM_SHARE', amount: 1, description: 'x' },
      ]),
    );
    await expect(earnings).rejects.toMatchObject({ statusCode: 409, message: 'Not enough earnings.' });
  });

  it('lets a system account go below zero', async () => {
    const user = await givenUser(ctx);
    await postAlone({
      kind: 'ORDER_FULFILMENT',
      reference: { kind: 'ORDER', id: 999_001 },
      description: 'bought credits',
      postings: [
        { userId: user.id, account: 'CREDITS', type: 'ORDER_TOP_UP', amount: 700, description: 'bought' },
        { system: 'CLEARING_STRIPE', type: 'ORDER_TOP_UP', amount: -700, description: 'owed by Stripe' },
      ],
    });
    expect((await balanceOf(ctx, user.id)).balance).toBe(700);
  });

  it('records nothing when every amount is zero, and refuses a fractional amount', async () => {
    const user = await givenUser(ctx);
    const journalsBefore = await ctx.database.db.$count(ledgerJournals);
    const none = await postAlone(adjustment(user.id, [creditsAdjustment(user.id, 0, 'nothing')]));
    expect(none).toBeNull();
    expect(await ctx.database.db.$count(ledgerJournals)).toBe(journalsBefore);
    await expect(
      postAlone(
        adjustment(user.id, [
          creditsAdjustment(user.id, 0.5, 'half'),
          { system: 'ADJUSTMENTS', type: 'ADMIN_ADJUSTMENT', amount: -0.5, description: 'half' },
        ]),
      ),
    ).rejects.toThrow(/whole number/);
  });

  it('records a journal with an idempotency key once; the repeat rolls back with AlreadyPosted', async () => {
    const user = await givenUser(ctx);
    const post = () =>
      postAlone(
        adjustment(
          user.id,
          [
            {
              userId: user.id,
              account: 'CREDITS',
              type: 'ORDER_TOP_UP',
              amount: 500,
              description: 'order 1',
            },
            { system: 'CLEARING_CRYPTO', type: 'ORDER_TOP_UP', amount: -500, description: 'order 1' },
          ],
          `order:${user.id}`,
        ),
      );
    await post();
    await expect(post()).rejects.toBeInstanceOf(AlreadyPosted);
    expect((await balanceOf(ctx, user.id)).balance).toBe(500);
    await expectLedgerClean(ctx);
  });
});
