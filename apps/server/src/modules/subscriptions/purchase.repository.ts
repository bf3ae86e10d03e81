import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { accessListEntries, plans, prices } from '@ember/db/schema/catalog';
import { discountCodes } from '@ember/db/schema/discount-codes';
import { type NewSubscription, subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import type { Db } from '@ember/db/types';
import { and, count, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

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
  extensionPrice: prices.extensionPrice,
  extensionAllowed: prices.extensionAllowed,
  planName: plans.name,
  planEnabled: plans.enabled,
  planOwnerId: plans.ownerId,
};

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

export type PriceForSale = NonNullable<Awaited<ReturnType<typeof lockPriceForSale>>>;

const buyerColumns = {
  id: users.id,
  discordId: users.discordId,
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

/** The counts behind a list standing, for the user, price and plan given as SQL expressions. */
function listStandingCounts(target: { planId: SQL | number; priceId: SQL | number; userId: SQL | number }) {
  const onPrice = sql`${accessListEntries.priceId} = ${target.priceId}`;
  const onPlan = sql`${accessListEntries.planId} = ${target.planId}`;
  const isUser = sql`${accessListEntries.userId} = ${target.userId}`;
  const whitelist = sql`${accessListEntries.kind} = 'WHITELIST'`;
  return sql<[number, number, number, number, number] | string | null>`(select json_build_array(
      count(*) filter (where ${whitelist} and ${onPrice}),
      count(*) filter (where ${whitelist} and ${onPrice} and ${isUser}),
      count(*) filter (where ${whitelist} and ${onPlan}),
      count(*) filter (where ${whitelist} and ${onPlan} and ${isUser}),
      count(*) filter (where ${accessListEntries.kind} = 'BLACKLIST' and ${isUser}))
    from ${accessListEntries}
    where ${accessListEntries.priceId} = ${target.priceId} or ${accessListEntries.planId} = ${target.planId})`;
}

function toListStanding(counts: [number, number, number, number, number] | string | null) {
  const [
    priceWhitelistSize = 0,
    onPriceWhitelist = 0,
    planWhitelistSize = 0,
    onPlanWhitelist = 0,
    blacklisted = 0,
  ] = (typeof counts === 'string' ? JSON.parse(counts) : counts) ?? [];
  return {
    priceWhitelistSize: Number(priceWhitelistSize),
    onPriceWhitelist: Number(onPriceWhitelist) > 0,
    planWhitelistSize: Number(planWhitelistSize),
    onPlanWhitelist: Number(onPlanWhitelist) > 0,
    blacklisted: Number(blacklisted) > 0,
  };
}

/** The receiver's standing on the price's and the plan's whitelists and blacklists. */
export async function findListStanding(db: Db, target: { planId: number; priceId: number; userId: number }) {
  const result = (await db.execute(sql`select ${listStandingCounts(target)} as counts`)) as unknown as {
    rows: { counts: Parameters<typeof toListStanding>[0] }[];
  };
  return toListStanding(result.rows[0]?.counts ?? null);
}

const payer = alias(users, 'payer');
const holder = alias(users, 'holder');

/**
 * Everything a sale checks before it writes, in one round trip (issue 11): the payer (and whether
 * their account is held), the holder (the payer, or the receiver of a gift by Discord id), the price with
 * its plan, and the holder's list standing. Null when the payer's account no longer exists; the
 * holder, the price and the standing are null when not found.
 */
export async function findSaleContext(
  db: Db,
  sale: { payerId: number; priceId: number; receiverDiscordId?: string },
) {
  const holderMatches =
    sale.receiverDiscordId === undefined
      ? eq(holder.id, payer.id)
      : eq(holder.discordId, sale.receiverDiscordId);
  const [row] = await db
    .select({
      payer: { id: payer.id, discordId: payer.discordId, username: payer.username, heldAt: payer.heldAt },
      holder: {
        id: holder.id,
        discordId: holder.discordId,
        username: holder.username,
        enabled: holder.enabled,
        vipUntil: holder.vipUntil,
        heldAt: holder.heldAt,
      },
      price: priceForSaleColumns,
      standing: listStandingCounts({
        planId: sql`${prices.planId}`,
        priceId: sql`${prices.id}`,
        userId: sql`${holder.id}`,
      }),
    })
    .from(payer)
    .leftJoin(holder, holderMatches)
    .leftJoin(prices, eq(prices.id, sale.priceId))
    .leftJoin(plans, eq(plans.id, prices.planId))
    .where(eq(payer.id, sale.payerId))
    // Named: PostgreSQL plans it once per connection (a lookup by keys; any plan serves every sale).
    .prepare(sale.receiverDiscordId === undefined ? 'sale_context' : 'gift_context')
    .execute();
  if (!row) return null;
  return {
    payer: row.payer,
    holder: row.holder,
    price: row.price?.id != null && row.price.planId != null ? (row.price as PriceForSale) : null,
    standing: toListStanding(row.standing),
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
        or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now)),
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

export async function insertSubscription(tx: Db, row: NewSubscription) {
  const [inserted] = await tx
    .insert(subscriptions)
    .values(row)
    .returning()
    .prepare('subscription_insert')
    .execute();
  if (!inserted) throw new Error('subscription insert returned no row');
  return inserted;
}
