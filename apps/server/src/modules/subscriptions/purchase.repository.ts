import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { accessListEntries, discountCodes, plans, prices } from '@ember/db/schema/catalog';
import { type NewSubscription, subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import type { Db } from '@ember/db/types';
import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';

const priceForSaleColumns = {
  id: prices.id,
  planId: prices.planId,
  name: prices.name,
  period: prices.period,
  price: prices.price,
  promoDiscountPercent: prices.promoDiscountPercent,
  promoExtraDays: prices.promoExtraDays,
  vipOnly: prices.vipOnly,
  slots: prices.slots,
  enabled: prices.enabled,
  planName: plans.name,
  planEnabled: plans.enabled,
  planOwnerId: plans.ownerId,
};

/** The price and its plan as committed now, without a lock (most sales need none). */
export async function findPriceForSale(tx: Db, priceId: number) {
  const [row] = await tx
    .select(priceForSaleColumns)
    .from(prices)
    .innerJoin(plans, eq(plans.id, prices.planId))
    .where(eq(prices.id, priceId));
  return row ?? null;
}

/**
 * The price and its plan, with the price row locked FOR UPDATE until the purchase commits: every
 * purchase of the price queues here, which makes the slot count exact.
 */
export async function lockPriceForSale(tx: Db, priceId: number) {
  const [row] = await tx
    .select(priceForSaleColumns)
    .from(prices)
    .innerJoin(plans, eq(plans.id, prices.planId))
    .where(eq(prices.id, priceId))
    .for('update', { of: prices });
  return row ?? null;
}

/** Locks the holder's account row until the sale commits: their free-price claims queue here. */
export async function lockHolder(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export type PriceForSale = NonNullable<Awaited<ReturnType<typeof findPriceForSale>>>;

const buyerColumns = {
  id: users.id,
  username: users.username,
  enabled: users.enabled,
  vipUntil: users.vipUntil,
  heldAt: users.heldAt,
};

export type Buyer = NonNullable<Awaited<ReturnType<typeof findBuyer>>>;

export async function findBuyer(db: Db, userId: number) {
  const [row] = await db.select(buyerColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findBuyerByDiscordId(db: Db, discordId: string) {
  const [row] = await db.select(buyerColumns).from(users).where(eq(users.discordId, discordId));
  return row ?? null;
}

/** The receiver's standing on the price's and the plan's whitelists and blacklists. */
export async function findListStanding(db: Db, target: { planId: number; priceId: number; userId: number }) {
  const onPrice = sql`${accessListEntries.priceId} = ${target.priceId}`;
  const onPlan = sql`${accessListEntries.planId} = ${target.planId}`;
  const isUser = sql`${accessListEntries.userId} = ${target.userId}`;
  const whitelist = sql`${accessListEntries.kind} = 'WHITELIST'`;
  const [row] = await db
    .select({
      priceWhitelistSize: sql<number>`count(*) filter (where ${whitelist} and ${onPrice})`.mapWith(Number),
      onPriceWhitelist:
        sql<number>`count(*) filter (where ${whitelist} and ${onPrice} and ${isUser})`.mapWith(Number),
      planWhitelistSize: sql<number>`count(*) filter (where ${whitelist} and ${onPlan})`.mapWith(Number),
      onPlanWhitelist: sql<number>`count(*) filter (where ${whitelist} and ${onPlan} and ${isUser})`.mapWith(
        Number,
      ),
      blacklisted:
        sql<number>`count(*) filter (where ${accessListEntries.kind} = 'BLACKLIST' and ${isUser})`.mapWith(
          Number,
        ),
    })
    .from(accessListEntries)
    .where(or(eq(accessListEntries.priceId, target.priceId), eq(accessListEntries.planId, target.planId)));
  return {
    priceWhitelistSize: row?.priceWhitelistSize ?? 0,
    onPriceWhitelist: (row?.onPriceWhitelist ?? 0) > 0,
    planWhitelistSize: row?.planWhitelistSize ?? 0,
    onPlanWhitelist: (row?.onPlanWhitelist ?? 0) > 0,
    blacklisted: (row?.blacklisted ?? 0) > 0,
  };
}

export type ListStanding = Awaited<ReturnType<typeof findListStanding>>;

export async function countActiveSubscriptionsOfPrice(db: Db, priceId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.priceId, priceId), isActiveSubscription(now)));
  return row?.total ?? 0;
}

export async function holdsActiveSubscription(db: Db, priceId: number, userId: number, now: Date) {
  const [row] = await db
    .select({ total: count() })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.priceId, priceId), eq(subscriptions.userId, userId), isActiveSubscription(now)),
    );
  return (row?.total ?? 0) > 0;
}

/**
 * Counts one use of a code in a single conditional UPDATE, so concurrent buyers can never use it
 * more than max_uses times. Returns its percent, or null when it cannot be used for this price now.
 */
export async function claimDiscountCode(tx: Db, code: string, priceId: number, now: Date) {
  const [row] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, code),
        eq(discountCodes.priceId, priceId),
        eq(discountCodes.enabled, true),
        gt(discountCodes.validUntil, now),
        or(eq(discountCodes.maxUses, 0), lt(discountCodes.uses, discountCodes.maxUses)),
      ),
    )
    .returning({ discountPercent: discountCodes.discountPercent });
  return row?.discountPercent ?? null;
}

export async function findDiscountCode(db: Db, code: string) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, code));
  return row ?? null;
}

export async function insertSubscription(tx: Db, row: NewSubscription): Promise<number> {
  const [inserted] = await tx.insert(subscriptions).values(row).returning({ id: subscriptions.id });
  if (!inserted) throw new Error('subscription insert returned no row');
  return inserted.id;
}
