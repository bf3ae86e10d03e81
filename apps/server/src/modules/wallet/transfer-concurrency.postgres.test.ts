import { ledgerEntries } from '@ember/db/schema/wallet';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { balanceOf, expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';

// Truly concurrent transactions: transfers in both directions lock the two users in the same
// (ascending id) order, so none deadlocks. PostgreSQL only (`*.postgres.test.ts`): on PGlite (one
// connection) they would queue, and the test could not fail.

const ctx = useTestApp();

describe('concurrent credit transfers', () => {
  it('100 parallel transfers between two users in both directions: no deadlock, no overdraft, total conserved', async () => {
    const alice = await givenUser(ctx, { credits: 400 });
    const bob = await givenUser(ctx, { credits: 100 });
    const headers = { [alice.id]: await headersFor(ctx, alice.id), [bob.id]: await headersFor(ctx, bob.id) };
    const transfers = Array.from({ length: 100 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [alice, bob] : [bob, alice];
      // Alice sends 900 more than Bob in all, more than she has: some of hers must be refused.
      return { from, to, amount: (i % 2 === 0 ? 21 : 1) + ((i * 37) % 250) };
    });
    const responses = await Promise.all(
      transfers.map(({ from, to, amount }) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/shop/users/transfer-credits?targetDiscordId=${to.discordId}&amount=${amount}`,
          headers: headers[from.id],
        }),
      ),
    );
    const succeeded = responses.filter((res) => res.statusCode === 200);
    const refused = responses.filter((res) => res.statusCode !== 200);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Not enough credits/);
    }

    const a = (await balanceOf(ctx, alice.id)).balance;
    const b = (await balanceOf(ctx, bob.id)).balance;
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThanOrEqual(0);
    expect(a + b).toBe(500);
    const net = transfers.reduce((sum, t, i) => {
      if (responses[i]?.statusCode !== 200) return sum;
      return sum + (t.from.id === alice.id ? -t.amount : t.amount);
    }, 0);
    expect(a).toBe(400 + net);

    const entries = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.userId, [alice.id, bob.id]));
    expect(entries.filter((entry) => entry.type !== 'SEED')).toHaveLength(2 * succeeded.length);
    await expectLedgerClean(ctx);
  });
});
