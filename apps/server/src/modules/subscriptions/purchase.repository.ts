import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { prebuiltSelect } from '@ember/db/prepared';
import { type NewSubscription, subscriptions } from '@ember/db/schema/subscriptions';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { countedTotal } from '../../lib/first-row.ts';
import { accessListMemberships, type PriceForSale, planTerms, priceTerms } from '../catalog/index.ts';
import { buyers } from '../users/index.ts';
import type { HandedDb } from './db.ts';

export type { PriceForSale } from '../catalog/index.ts';
export type { Buyer } from '../users/index.ts';

const priceForSaleColumns = {
  id: priceTerms.id,
  planId: priceTerms.planId,
  name: priceTerms.name,
  period: priceTerms.period,
  price: priceTerms.price,
  promoDiscountPercent: priceTerms.promoDiscountPercent,
  promoExtraDays: priceTerms.promoExtraDays,
  vipOnly: priceTerms.vipOnly,
  slots: priceTerms.slots,
  enabled: priceTerms.enabled,
  extensionPrice: priceTerms.extensionPrice,
  extensionAllowed: priceTerms.extensionAllowed,
  planName: planTerms.name,
  planEnabled: planTerms.enabled,
  planOwnerId: planTerms.ownerId,
};

/** The counts behind a list standing, for the user, price and plan given as SQL expressions. */
function listStandingCounts(target: { planId: SQL | number; priceId: SQL | number; userId: SQL | number }) {
  const onPrice = sql`${accessListMemberships.priceId} = ${target.priceId}`;
  const onPlan = sql`${accessListMemberships.planId} = ${target.planId}`;
  const isUser = sql`${accessListMemberships.userId} = ${target.userId}`;
  const whitelist = sql`${accessListMemberships.kind} = 'WHITELIST'`;
  return sql<[number, number, number, number, number] | string | null>`(select json_build_array(
      count(*) filter (where ${whitelist} and ${onPrice}),
      count(*) filter (where ${whitelist} and ${onPrice} and ${isUser}),
      count(*) filter (where ${whitelist} and ${onPlan}),
      count(*) filter (where ${whitelist} and ${onPlan} and ${isUser}),
      count(*) filter (where ${accessListMemberships.kind} = 'BLACKLIST' and ${isUser}))
    from ${accessListMemberships}
    where ${accessListMemberships.priceId} = ${target.priceId} or ${accessListMemberships.planId} = ${target.planId})`;
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
export async function findListStanding(
  db: HandedDb,
  target: { planId: number; priceId: number; userId: number },
) {
  const result = (await db.execute(sql`select ${listStandingCounts(target)} as counts`)) as unknown as {
    rows: { counts: Parameters<typeof toListStanding>[0] }[];
  };
  return toListStanding(result.rows[0]?.counts ?? null);
}

// The buyers projection twice in one statement: the one who pays and the one who receives.
const payer = new QueryBuilder().select().from(buyers).as('payer');
const holder = new QueryBuilder().select().from(buyers).as('holder');

function saleContextSelect(holderMatches: SQL) {
  return new QueryBuilder()
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
        planId: sql`${priceTerms.planId}`,
        priceId: sql`${priceTerms.id}`,
        userId: sql`${holder.id}`,
      }),
    })
    .from(payer)
    .leftJoin(holder, holderMatches)
    .leftJoin(priceTerms, eq(priceTerms.id, sql.placeholder('priceId')))
    .leftJoin(planTerms, eq(planTerms.id, priceTerms.planId))
    .where(eq(payer.id, sql.placeholder('payerId')));
}

// Named: PostgreSQL plans each once per connection (a lookup by keys; any plan serves every sale).
const saleContext = prebuiltSelect('sale_context', saleContextSelect(eq(holder.id, payer.id)));
const giftContext = prebuiltSelect(
  'gift_context',
  saleContextSelect(eq(holder.discordId, sql.placeholder('receiverDiscordId'))),
);

/**
 * Everything a sale checks before it writes, in one round trip (issue 11): the payer (and whether
 * their account is held), the holder (the payer, or the receiver of a gift by Discord id), the price with
 * its plan, and the holder's list standing. Null when the payer's account no longer exists; the
 * holder, the price and the standing are null when not found.
 */
export async function findSaleContext(
  db: HandedDb,
  sale: { payerId: number; priceId: number; receiverDiscordId?: string },
) {
  const [row] =
    sale.receiverDiscordId === undefined
      ? await saleContext(db, { payerId: sale.payerId, priceId: sale.priceId })
      : await giftContext(db, {
          payerId: sale.payerId,
          priceId: sale.priceId,
          receiverDiscordId: sale.receiverDiscordId,
        });
  if (!row) return null;
  return {
    payer: row.payer,
    holder: row.holder,
    price: row.price?.id != null && row.price.planId != null ? (row.price as PriceForSale) : null,
    standing: toListStanding(row.standing),
  };
}

export type ListStanding = Awaited<ReturnType<typeof findListStanding>>;

export function countActiveSubscriptionsOfPrice(db: HandedDb, priceId: number, now: Date): Promise<number> {
  return countedTotal(
    db
      .select({ total: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.priceId, priceId), isActiveSubscription(now))),
  );
}

export async function holdsActiveSubscription(db: HandedDb, priceId: number, userId: number, now: Date) {
  const [row] = await db
    .select({ total: count() })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.priceId, priceId), eq(subscriptions.userId, userId), isActiveSubscription(now)),
    );
  return (row?.total ?? 0) > 0;
}

export async function insertSubscription(tx: HandedDb, row: NewSubscription) {
  const [inserted] = await tx
    .insert(subscriptions)
    .values(row)
    .returning()
    .prepare('subscription_insert')
    .execute();
  if (!inserted) throw new Error('subscription insert returned no row');
  return inserted;
}
