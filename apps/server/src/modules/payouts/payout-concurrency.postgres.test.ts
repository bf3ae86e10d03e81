import { withdrawMoreThanAvailableMessage } from '@ember/contracts/payouts';
import { payouts } from '@ember/db/schema/payouts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { balanceOf, expectLedgerClean, givenUser, grant } from '../../../test-support/test-data.ts';

// Payout requests racing for the same earnings: real concurrent transactions over a pool, so only
// PostgreSQL's row locks can keep them from reserving more than the account holds.

const ctx = useTestApp();

async function premiumWithEarnings(earnings: number) {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'] });
  await grant(ctx, developer.id, earnings, 'EARNINGS');
  return { developer, headers: await headersFor(ctx, developer.id) };
}

const request = (headers: Record<string, string>, amount: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/commerce/payouts/request?amount=${amount}`, headers });

const reservedOf = async (userId: number) =>
  (await ctx.database.db.select().from(payouts).where(eq(payouts.userId, userId))).reduce(
    (sum, payout) => sum + payout.amount,
    0,
  );

describe('concurrent payout requests', () => {
  it('20 requests of 100 against earnings of 1000: exactly 10 reserve, 10 are refused', async () => {
    const { developer, headers } = await premiumWithEarnings(1000);
    const responses = await Promise.all(Array.from({ length: 20 }, () => request(headers, 100)));
    const codes = responses.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(10);
    for (const refused of responses.filter((res) => res.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: withdrawMoreThanAvailableMessage(0) });
    }
    expect(await reservedOf(developer.id)).toBe(1000);
    expect((await balanceOf(ctx, developer.id)).earnings).toBe(0);
    await expectLedgerClean(ctx);
  });

  it('20 requests of different sizes never reserve more than is available', async () => {
    const { developer, headers } = await premiumWithEarnings(2000);
    const amounts = Array.from({ length: 20 }, (_, index) => 50 + index * 17);
    const responses = await Promise.all(amounts.map((amount) => request(headers, amount)));
    expect(responses.every((res) => res.statusCode === 201 || res.statusCode === 409)).toBe(true);
    const granted = responses
      .map((res, index) => (res.statusCode === 201 ? (amounts[index] ?? 0) : 0))
      .reduce((sum, amount) => sum + amount, 0);
    expect(granted).toBeLessThanOrEqual(2000);
    expect(await reservedOf(developer.id)).toBe(granted);
    expect((await balanceOf(ctx, developer.id)).earnings).toBe(2000 - granted);
    // Every refusal was right to refuse: what was left could not cover it.
    const left = 2000 - granted;
    responses.forEach((res, index) => {
      if (res.statusCode === 409) expect(amounts[index]).toBeGreaterThan(left);
    });
    await expectLedgerClean(ctx);
  });

  it('a double press (two requests at once with one Idempotency-Key) makes one payout', async () => {
    const { developer, headers } = await premiumWithEarnings(1000);
    const once = { ...headers, 'idempotency-key': 'double-press' };
    const responses = await Promise.all([request(once, 400), request(once, 400)]);
    expect(responses.map((res) => res.statusCode)).toEqual([201, 201]);
    const [first, second] = responses.map((res) => res.json());
    expect(second.id).toBe(first.id);
    expect(await reservedOf(developer.id)).toBe(400);
    expect((await balanceOf(ctx, developer.id)).earnings).toBe(600);
    await expectLedgerClean(ctx);
  });

  it('a double press of everything available still makes one payout, not a refusal', async () => {
    const { developer, headers } = await premiumWithEarnings(500);
    const once = { ...headers, 'idempotency-key': 'double-press-all' };
    const responses = await Promise.all([request(once, 500), request(once, 500)]);
    expect(responses.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(new Set(responses.map((res) => res.json().id)).size).toBe(1);
    expect(await reservedOf(developer.id)).toBe(500);
    expect((await balanceOf(ctx, developer.id)).earnings).toBe(0);
    await expectLedgerClean(ctx);
  });
});
