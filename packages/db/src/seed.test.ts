import { ORDER_STATUSES, PERIODS } from '@ember/contracts/enums';
import { PLAN_LABELS } from '@ember/contracts/labels';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRowsPerTable } from '../test-support/table-counts.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { DEMO_ACCOUNTS, STUDIO_ACCOUNTS } from './demo/demo-accounts.ts';
import { labels, plans, prices } from './schema/catalog.ts';
import { orders, products } from './schema/commerce.ts';
import { payouts } from './schema/payouts.ts';
import { sessionLogs } from './schema/sessions.ts';
import { subscriptions } from './schema/subscriptions.ts';
import { users } from './schema/users.ts';
import { ledgerEntries } from './schema/wallet.ts';
import { makeUser } from './seed/factories.ts';
import { seedDemoData } from './seed/seed.ts';

const NOW = new Date('2026-03-15T12:00:00Z');

/**
 * Tables the seed cannot fill truthfully: TUF metadata is signed with the server's keys at its start
 * (decision 0055), a sign-in grant is the hash of a token handed out at a real sign-in (0058), and a
 * screenshot's images live in the blob store, which a repository update writes (0050).
 */
const FILLED_BY_THE_RUNNING_STORE = ['tuf_metadata', 'sign_in_grants', 'plugin_screenshots'];

describe('demo seed', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ now: NOW });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('fills every table but those only the running store can fill', async () => {
    const counts = await countRowsPerTable(database.db);
    const emptyTables = Object.entries(counts).filter(
      ([table, count]) => count === 0 && !FILLED_BY_THE_RUNNING_STORE.includes(table),
    );
    expect(emptyTables).toEqual([]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await countRowsPerTable(database.db);
    const balancesBefore = await database.db
      .select({ id: users.id, balance: users.balance, earnings: users.earnings })
      .from(users)
      .orderBy(users.id);

    expect(await seedDemoData(database.db, { now: new Date() })).toEqual({ seeded: false });

    expect(await countRowsPerTable(database.db)).toEqual(before);
    expect(
      await database.db
        .select({ id: users.id, balance: users.balance, earnings: users.earnings })
        .from(users)
        .orderBy(users.id),
    ).toEqual(balancesBefore);
  });

  it('makes the owner account user 3 with every staff role', async () => {
    const [owner] = await database.db.select().from(users).where(eq(users.id, 3));
    expect(owner?.username).toBe('owner');
    expect(owner?.roles).toEqual(
      expect.arrayContaining([
        'OWNER',
        'ADMIN',
        'DEVELOPER',
        'PREMIUM_DEVELOPER',
        'STAFF',
        'PAYMENTS',
        'CUSTOMER',
      ]),
    );
  });

  it('stores the demo accounts exactly as exported for the fake Discord provider', async () => {
    for (const account of [...DEMO_ACCOUNTS, ...STUDIO_ACCOUNTS]) {
      const [row] = await database.db.select().from(users).where(eq(users.id, account.id));
      expect(row).toMatchObject({
        username: account.username,
        discordId: account.discordId,
        displayName: account.displayName,
        enabled: account.enabled,
      });
      expect([...(row?.roles ?? [])].sort()).toEqual([...account.roles].sort());
      expect(row?.roles).toContain('CUSTOMER');
    }
    const [vip] = await database.db.select().from(users).where(eq(users.username, 'vip'));
    expect(vip?.vipUntil?.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('seeds plan 3 as a free plan owned by user 3', async () => {
    const [plan] = await database.db.select().from(plans).where(eq(plans.id, 3));
    expect(plan).toMatchObject({ ownerId: 3, enabled: true, hidden: false });
    const planPrices = await database.db.select().from(prices).where(eq(prices.planId, 3));
    expect(planPrices.length).toBeGreaterThan(0);
    for (const price of planPrices) {
      expect(price).toMatchObject({ price: 0, enabled: true, hidden: false });
      expect(['LIFETIME', 'MONTHLY']).toContain(price.period);
    }
  });

  it('seeds the 28 labels in the spec order', async () => {
    const rows = await database.db.select().from(labels).orderBy(asc(labels.id));
    expect(rows).toEqual(PLAN_LABELS.map(({ id, name, icon }) => ({ id, name, icon })));
  });

  it('keeps every balance and earnings equal to the sum of its ledger entries', async () => {
    const sums = await database.db
      .select({
        userId: users.id,
        balance: users.balance,
        earnings: users.earnings,
        credits: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'CREDITS'), 0)`,
        earned: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'EARNINGS'), 0)`,
      })
      .from(users)
      .leftJoin(ledgerEntries, eq(ledgerEntries.userId, users.id))
      .groupBy(users.id);
    expect(sums.length).toBeGreaterThan(30);
    for (const row of sums) {
      expect({ user: row.userId, balance: row.balance, earnings: row.earnings }).toEqual({
        user: row.userId,
        balance: Number(row.credits),
        earnings: Number(row.earned),
      });
    }
    const seeded = await database.db.$count(ledgerEntries, eq(ledgerEntries.type, 'SEED'));
    expect(seeded).toBeGreaterThan(0);
  });

  it('records balance_after as the running balance of each account', async () => {
    const mismatches = await database.db.execute(sql`
      select id from (
        select id, balance_after,
               sum(amount) over (partition by user_id, account order by created_at, id) as running
        from ledger_entries
      ) entries
      where balance_after <> running`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('covers the catalog cases of DESIGN §5', async () => {
    const db = database.db;
    expect(await db.$count(plans)).toBeGreaterThanOrEqual(30);
    const owners = await db.selectDistinct({ ownerId: plans.ownerId }).from(plans);
    expect(owners.length).toBeGreaterThanOrEqual(4);

    const livePeriods = await db
      .selectDistinct({ period: prices.period })
      .from(prices)
      .where(and(eq(prices.enabled, true), eq(prices.hidden, false)));
    expect(livePeriods.map((row) => row.period).sort()).toEqual([...PERIODS].sort());

    expect(await db.$count(prices, gt(prices.promoDiscountPercent, 0))).toBeGreaterThan(0);
    expect(await db.$count(prices, gt(prices.promoExtraDays, 0))).toBeGreaterThan(0);
    expect(await db.$count(prices, eq(prices.vipOnly, true))).toBeGreaterThan(0);
    expect(await db.$count(prices, eq(prices.enabled, false))).toBeGreaterThan(0);
    expect(await db.$count(plans, eq(plans.hidden, true))).toBeGreaterThan(0);
    expect(await db.$count(plans, eq(plans.enabled, false))).toBeGreaterThan(0);
  });

  it('has limited prices with free slots and one full price', async () => {
    const occupancy = await database.db
      .select({
        priceId: prices.id,
        slots: prices.slots,
        active:
          sql<number>`count(${subscriptions.id}) filter (where ${subscriptions.expireDate} is null or ${subscriptions.expireDate} > ${NOW})`.mapWith(
            Number,
          ),
      })
      .from(prices)
      .leftJoin(subscriptions, eq(subscriptions.priceId, prices.id))
      .where(isNotNull(prices.slots))
      .groupBy(prices.id);
    expect(occupancy.some((row) => row.active >= (row.slots ?? 0))).toBe(true);
    expect(occupancy.some((row) => row.active < (row.slots ?? 0))).toBe(true);
  });

  it('has subscriptions in every state', async () => {
    const db = database.db;
    expect(await db.$count(subscriptions, isNull(subscriptions.expireDate))).toBeGreaterThan(0);
    expect(await db.$count(subscriptions, lte(subscriptions.expireDate, NOW))).toBeGreaterThan(0);
    expect(await db.$count(subscriptions, gt(subscriptions.expireDate, NOW))).toBeGreaterThan(0);
    expect(await db.$count(subscriptions, eq(subscriptions.paused, true))).toBeGreaterThan(0);
    expect(await db.$count(subscriptions, eq(subscriptions.extended, true))).toBeGreaterThan(0);
    expect(
      await db.$count(subscriptions, and(eq(subscriptions.pauseUsed, true), eq(subscriptions.paused, false))),
    ).toBeGreaterThan(0);
  });

  it('has orders in every status, payouts pending and completed, exceeded session logs', async () => {
    const statuses = await database.db.selectDistinct({ status: orders.status }).from(orders);
    expect(statuses.map((row) => row.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const payoutStates = await database.db.selectDistinct({ completed: payouts.completed }).from(payouts);
    expect(payoutStates).toHaveLength(2);
    expect(await database.db.$count(sessionLogs, eq(sessionLogs.exceeded, true))).toBeGreaterThan(0);
  });

  it('offers credits, GP and VIP on every processor that sells them', async () => {
    const offers = await database.db
      .select({ kind: products.kind, processor: products.paymentProcessor })
      .from(products);
    const pairs = offers.map((offer) => `${offer.kind}/${offer.processor}`).sort();
    expect(pairs).toEqual(
      [
        'CREDITS/STRIPE',
        'CREDITS/CRYPTO',
        'CREDITS/GP',
        'GP/STRIPE',
        'GP/CRYPTO',
        'VIP/STRIPE',
        'VIP/CRYPTO',
        'VIP/GP',
      ].sort(),
    );
  });

  it('leaves identity sequences past the explicit ids', async () => {
    const [created] = await database.db.insert(users).values(makeUser()).returning({ id: users.id });
    const [{ maxSeeded } = { maxSeeded: 0 }] = await database.db
      .select({ maxSeeded: sql<number>`max(${users.id})`.mapWith(Number) })
      .from(users)
      .where(sql`${users.id} <> ${created?.id ?? 0}`);
    expect(created?.id).toBeGreaterThan(maxSeeded);
  });
});
