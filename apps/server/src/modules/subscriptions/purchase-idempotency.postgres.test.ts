import { subscriptions } from '@ember/db/schema/subscriptions';
import { ledgerJournals } from '@ember/db/schema/wallet';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import {
  balanceOf,
  givenPriceOf,
  givenUser,
  useTestAppWithCleanBooks,
} from '../../../test-support/test-data.ts';

// Issue 22: the retry of a purchase can arrive while the first attempt still runs (the client gave
// up on a slow process and the balancer sent the retry to another). On PostgreSQL the requests are
// truly concurrent transactions over a pool; one Idempotency-Key must still make exactly one
// subscription and one journal, and every request gets that purchase as its answer.

const ctx = useTestAppWithCleanBooks();

async function sameKeyAtOnce(path: string, userId: number, query: string, key: string, times: number) {
  const headers = { ...(await headersFor(ctx, userId)), 'idempotency-key': key };
  return Promise.all(
    Array.from({ length: times }, () =>
      ctx.app.inject({ method: 'POST', url: `/api/shop/subscriptions${path}?${query}`, headers }),
    ),
  );
}

const journalsUnder = (key: string) =>
  ctx.database.db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(like(ledgerJournals.idempotencyKey, `%:${key}`));

describe('concurrent requests with one Idempotency-Key', () => {
  it('ten purchases at once: one subscription, one journal, one charge, ten answers naming it', async () => {
    const owner = await givenUser(ctx);
    const { price } = await givenPriceOf(ctx, owner.id, { price: 30 });
    const buyer = await givenUser(ctx, { credits: 100 });
    const responses = await sameKeyAtOnce('', buyer.id, `priceId=${price.id}`, 'concurrent-buy', 10);

    expect(responses.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(new Set(responses.map((res) => res.json().id))).toEqual(new Set([rows[0]?.id]));
    expect(await journalsUnder('concurrent-buy')).toHaveLength(1);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(70);
  });

  it('the last slot and just enough credits: the retries get the purchase, not "no free slots" or "not enough credits"', async () => {
    const owner = await givenUser(ctx);
    const { price } = await givenPriceOf(ctx, owner.id, { price: 50, slots: 1 });
    const buyer = await givenUser(ctx, { credits: 50 });
    const receiver = await givenUser(ctx);
    const responses = await sameKeyAtOnce(
      '/gift',
      buyer.id,
      `priceId=${price.id}&discordId=${receiver.discordId}`,
      'concurrent-gift',
      8,
    );

    expect(responses.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
    const rows = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, receiver.id));
    expect(rows).toHaveLength(1);
    expect(new Set(responses.map((res) => res.json().id))).toEqual(new Set([rows[0]?.id]));
    expect(await journalsUnder('concurrent-gift')).toHaveLength(1);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(0);
  });
});
