import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { ledgerEntries } from '@ember/db/schema/wallet';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  expectLedgerClean,
  givenPriceOf,
  givenSubscription,
  givenUser,
} from '../../../test-support/test-data.ts';

// An admin's account transfer racing the source account's own purchases, as truly concurrent
// transactions over a pool. PostgreSQL only (`*.postgres.test.ts`): on PGlite (one connection) they
// would queue one after the other, and the test could not fail. The transfer locks both accounts in
// ascending id order, the order every journal moves them in, so nothing deadlocks; a purchase that
// reaches the source's row after the transfer committed finds no credits (or a disabled account).

const ctx = useTestApp();

const PRICE = 30;
const PURCHASES = 40;
const SOURCE_CREDITS = 2_000;
const TARGET_CREDITS = 100;

describe('an account transfer racing purchases by the source', () => {
  for (const round of [1, 2, 3]) {
    it(`round ${round}: every credit accounted for, every sold subscription moved, no debit after the transfer`, async () => {
      const db = ctx.database.db;
      const { price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, { price: PRICE });
      const source = await givenUser(ctx, { credits: SOURCE_CREDITS });
      const target = await givenUser(ctx, { credits: TARGET_CREDITS });
      const sourceHeaders = await headersFor(ctx, source.id);
      const admin = await asUser(ctx, 'admin');

      const purchase = () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/shop/subscriptions?priceId=${price.id}`,
          headers: sourceHeaders,
        });
      const transfer = () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/shop/users/${source.id}/transfer-account?targetId=${target.id}`,
          headers: admin,
        });
      // The transfer starts somewhere in the middle of the purchases (a different place each round).
      const at = Math.floor((PURCHASES * round) / 4);
      const requests = Array.from({ length: PURCHASES + 1 }, (_, index) =>
        index === at ? transfer() : purchase(),
      );
      const responses = await Promise.all(requests);
      const transferred = responses[at];
      expect(transferred?.statusCode, transferred?.body).toBe(200);
      const purchases = responses.filter((_, index) => index !== at);
      const sold = purchases.filter((res) => res.statusCode === 201).length;
      for (const res of purchases.filter((r) => r.statusCode !== 201)) {
        // Refused cleanly: no credits left (the transfer took them), or the account is disabled now
        // (401 at sign-in check, 409 from the sale's eligibility check of the holder).
        expect([400, 401, 409], res.body).toContain(res.statusCode);
        expect(res.json().message).toMatch(/^Not enough credits|banned/);
      }

      // Every credit is accounted for: the source holds nothing, the target holds what remained.
      const remaining = SOURCE_CREDITS - sold * PRICE;
      expect(await balanceOf(ctx, source.id)).toEqual({ balance: 0, earnings: 0 });
      expect((await balanceOf(ctx, target.id)).balance).toBe(TARGET_CREDITS + remaining);
      expect(transferred?.json().moved).toMatchObject({ credits: remaining, subscriptions: sold });

      // Every sold subscription belongs to the target now; none was left behind or created after.
      const left = await db.select().from(subscriptions).where(eq(subscriptions.userId, source.id));
      expect(left).toHaveLength(0);
      const moved = await db.select().from(subscriptions).where(eq(subscriptions.userId, target.id));
      expect(moved).toHaveLength(sold);

      // No purchase debited the source after the transfer's journal: its last posting is the transfer.
      const [transferEntry] = await db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, source.id), eq(ledgerEntries.type, 'ACCOUNT_TRANSFER_OUT')));
      expect(transferEntry).toBeDefined();
      const later = await db
        .select({ id: ledgerEntries.id, type: ledgerEntries.type })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, source.id), gt(ledgerEntries.id, transferEntry?.id ?? 0)));
      expect(later).toEqual([]);
      await expectLedgerClean(ctx);
    });
  }

  it('with extensions of the source’s subscriptions racing too (each locks its subscription, then the account): no deadlock, nothing lost', async () => {
    const db = ctx.database.db;
    const EXTENSION = 20;
    const HELD = 10;
    const { plan, price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, {
      price: PRICE,
      extensionAllowed: true,
      extensionPrice: EXTENSION,
    });
    const source = await givenUser(ctx, { credits: SOURCE_CREDITS });
    const target = await givenUser(ctx, { credits: TARGET_CREDITS });
    const held = [];
    for (let i = 0; i < HELD; i++) {
      held.push(await givenSubscription(ctx, { userId: source.id, planId: plan.id, priceId: price.id }));
    }
    const sourceHeaders = await headersFor(ctx, source.id);
    const admin = await asUser(ctx, 'admin');
    const requests = [
      ...held.map((sub) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/shop/subscriptions/${sub.id}/extend`,
          headers: sourceHeaders,
        }),
      ),
      ...Array.from({ length: 20 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/shop/subscriptions?priceId=${price.id}`,
          headers: sourceHeaders,
        }),
      ),
    ];
    requests.splice(
      12,
      0,
      ctx.app.inject({
        method: 'POST',
        url: `/api/shop/users/${source.id}/transfer-account?targetId=${target.id}`,
        headers: admin,
      }),
    );
    const responses = await Promise.all(requests);
    const transferred = responses[12];
    expect(transferred?.statusCode, transferred?.body).toBe(200);
    const rest = responses.filter((_, index) => index !== 12);
    const extended = rest.slice(0, HELD).filter((res) => res.statusCode === 200).length;
    const sold = rest.slice(HELD).filter((res) => res.statusCode === 201).length;
    for (const res of rest.filter((r) => r.statusCode !== 200 && r.statusCode !== 201)) {
      // No credits left, a disabled account, or a subscription that is the target's now.
      expect([400, 401, 403, 409], res.body).toContain(res.statusCode);
    }

    const remaining = SOURCE_CREDITS - sold * PRICE - extended * EXTENSION;
    expect(await balanceOf(ctx, source.id)).toEqual({ balance: 0, earnings: 0 });
    expect((await balanceOf(ctx, target.id)).balance).toBe(TARGET_CREDITS + remaining);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, source.id))).toHaveLength(0);
    const moved = await db.select().from(subscriptions).where(eq(subscriptions.userId, target.id));
    expect(moved).toHaveLength(HELD + sold);
    expect(moved.filter((sub) => sub.extended)).toHaveLength(extended);
    await expectLedgerClean(ctx);
  });
});
