import { subscriptions } from '@ember/db/schema/subscriptions';
import { ledgerJournals } from '@ember/db/schema/wallet';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import {
  balanceOf,
  givenCode,
  givenPriceOf,
  givenUser,
  useTestAppWithCleanBooks,
} from '../../../test-support/test-data.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../wallet/wallet.service.ts';

// Issue 22: with several API processes behind a balancer, a client whose purchase died with a
// process sends it again, perhaps to another one. With the same Idempotency-Key, buying or gifting
// a subscription happens once: the retry gets the first answer and pays nothing; the key reused for
// another purchase is refused as the credit gift refuses it. Truly concurrent retries:
// purchase-idempotency.postgres.test.ts.

const ctx = useTestAppWithCleanBooks();

const post = async (path: string, userId: number, query: string, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/shop/subscriptions${path}?${query}`,
    headers: { ...(await headersFor(ctx, userId)), ...(key !== undefined && { 'idempotency-key': key }) },
  });
const buy = (userId: number, query: string, key?: string) => post('', userId, query, key);
const gift = (userId: number, query: string, key?: string) => post('/gift', userId, query, key);

const subscriptionsOf = (userId: number) =>
  ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

async function journalsUnder(key: string) {
  return ctx.database.db
    .select({ id: ledgerJournals.id, kind: ledgerJournals.kind })
    .from(ledgerJournals)
    .where(like(ledgerJournals.idempotencyKey, `%:${key}`));
}

async function aSale(price = 40) {
  const owner = await givenUser(ctx);
  const { price: sold } = await givenPriceOf(ctx, owner.id, { price });
  const buyer = await givenUser(ctx, { credits: 100 });
  return { priceId: sold.id, buyer, owner };
}

describe('POST /subscriptions with an Idempotency-Key', () => {
  it('answers a retry with the first purchase and charges once', async () => {
    const { priceId, buyer } = await aSale();
    const first = await buy(buyer.id, `priceId=${priceId}`, 'press-1');
    expect(first.statusCode).toBe(201);
    const retry = await buy(buyer.id, `priceId=${priceId}`, 'press-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());

    expect((await subscriptionsOf(buyer.id)).map((row) => row.id)).toEqual([first.json().id]);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(60);
    expect(await journalsUnder('press-1')).toEqual([
      expect.objectContaining({ kind: 'SUBSCRIPTION_PURCHASE' }),
    ]);
  });

  it('makes a new purchase for a new key, and for every request without one', async () => {
    const { priceId, buyer } = await aSale(10);
    expect((await buy(buyer.id, `priceId=${priceId}`, 'press-a')).statusCode).toBe(201);
    expect((await buy(buyer.id, `priceId=${priceId}`, 'press-b')).statusCode).toBe(201);
    expect((await buy(buyer.id, `priceId=${priceId}`)).statusCode).toBe(201);
    expect((await buy(buyer.id, `priceId=${priceId}`, '   ')).statusCode).toBe(201);
    expect(await subscriptionsOf(buyer.id)).toHaveLength(4);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(60);
  });

  it("keeps one user's key apart from another's", async () => {
    const { priceId, buyer } = await aSale();
    const other = await givenUser(ctx, { credits: 100 });
    expect((await buy(buyer.id, `priceId=${priceId}`, 'shared-key')).statusCode).toBe(201);
    expect((await buy(other.id, `priceId=${priceId}`, 'shared-key')).statusCode).toBe(201);
    expect(await subscriptionsOf(other.id)).toHaveLength(1);
    expect((await balanceOf(ctx, other.id)).balance).toBe(60);
  });

  it('refuses the key reused with another price, another code or as a gift (422), moving nothing', async () => {
    const { priceId, buyer, owner } = await aSale();
    const { price: otherPrice } = await givenPriceOf(ctx, owner.id, { price: 20 });
    await givenCode(ctx, { id: 'TENOFF-IDEM', priceId, discountPercent: 10 });
    const receiver = await givenUser(ctx);
    expect((await buy(buyer.id, `priceId=${priceId}`, 'press-2')).statusCode).toBe(201);

    for (const reused of [
      await buy(buyer.id, `priceId=${otherPrice.id}`, 'press-2'),
      await buy(buyer.id, `priceId=${priceId}&discountCode=TENOFF-IDEM`, 'press-2'),
      await gift(buyer.id, `priceId=${priceId}&discordId=${receiver.discordId}`, 'press-2'),
    ]) {
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    }
    expect(await subscriptionsOf(buyer.id)).toHaveLength(1);
    expect(await subscriptionsOf(receiver.id)).toEqual([]);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(60);
  });

  it('replays a purchase made with a discount code, using the code once', async () => {
    const { priceId, buyer } = await aSale(50);
    await givenCode(ctx, { id: 'HALF-IDEM', priceId, discountPercent: 50, maxUses: 1 });
    const first = await buy(buyer.id, `priceId=${priceId}&discountCode=HALF-IDEM`, 'press-3');
    const retry = await buy(buyer.id, `priceId=${priceId}&discountCode=HALF-IDEM`, 'press-3');
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json().id).toBe(first.json().id);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(75);
  });

  it('a free price records no charge: its retry is refused as already held, never a second subscription', async () => {
    const { priceId, buyer } = await aSale(0);
    expect((await buy(buyer.id, `priceId=${priceId}`, 'press-free')).statusCode).toBe(201);
    const retry = await buy(buyer.id, `priceId=${priceId}`, 'press-free');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: 'You already have this free subscription.' });
    expect(await subscriptionsOf(buyer.id)).toHaveLength(1);
  });
});

describe('POST /subscriptions/gift with an Idempotency-Key', () => {
  it('answers a retry with the first gift and charges the giver once', async () => {
    const { priceId, buyer } = await aSale();
    const receiver = await givenUser(ctx);
    const query = `priceId=${priceId}&discordId=${receiver.discordId}`;
    const first = await gift(buyer.id, query, 'gift-press-1');
    const retry = await gift(buyer.id, query, 'gift-press-1');
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect(await subscriptionsOf(receiver.id)).toHaveLength(1);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(60);
    expect(await journalsUnder('gift-press-1')).toEqual([
      expect.objectContaining({ kind: 'SUBSCRIPTION_GIFT' }),
    ]);
  });

  it('refuses the key reused for another receiver or for a purchase (422)', async () => {
    const { priceId, buyer } = await aSale();
    const receiver = await givenUser(ctx);
    const someoneElse = await givenUser(ctx);
    expect(
      (await gift(buyer.id, `priceId=${priceId}&discordId=${receiver.discordId}`, 'gift-press-2')).statusCode,
    ).toBe(201);
    const otherReceiver = await gift(
      buyer.id,
      `priceId=${priceId}&discordId=${someoneElse.discordId}`,
      'gift-press-2',
    );
    const asPurchase = await buy(buyer.id, `priceId=${priceId}`, 'gift-press-2');
    expect([otherReceiver.statusCode, asPurchase.statusCode]).toEqual([422, 422]);
    expect(await subscriptionsOf(someoneElse.id)).toEqual([]);
    expect(await subscriptionsOf(buyer.id)).toEqual([]);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(60);
  });
});
