import type { SubCount } from '@ember/contracts/catalog';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize, can } from '../../policy/policy.ts';
import { isPlanListed, isPriceListed } from './catalog-listing.ts';
import type { ActiveSubscriptionStats } from './catalog-ports.ts';
import type { Db } from './db.ts';
import { findPlanById } from './plans.repository.ts';
import { findPriceById, findPricesByIds, findPricesOfPlan, type PriceRow } from './prices.repository.ts';

const isListed = (price: PriceRow) =>
  isPriceListed(price, { enabled: price.planEnabled, hidden: price.planHidden });

const seesPrivate = (viewer: Principal | null, ownerId: number) =>
  can(viewer, 'plan:read-private', { ownerId }) !== null;

/**
 * Spec §3 sub count. A price that does not expose its sub count still tells whether it is full,
 * but only its owner and admins get the numbers (and the next expiry, which would hint at them).
 */
function toSubCount(
  price: PriceRow,
  stats: { subCount: number; nextExpiry: Date | string | null } | undefined,
  fullView: boolean,
): SubCount {
  const subCount = stats?.subCount ?? 0;
  const hidden = !price.exposeSubCount;
  const reveal = fullView || !hidden;
  const occupancy = price.slots === null ? null : price.slots === 0 ? 1 : Math.min(1, subCount / price.slots);
  return {
    priceId: price.id,
    subCount: reveal ? subCount : null,
    occupancy: reveal ? occupancy : null,
    slots: price.slots,
    hidden,
    full: price.slots !== null && subCount >= price.slots,
    expiring: reveal && stats?.nextExpiry ? new Date(stats.nextExpiry).toISOString() : null,
  };
}

export function createSubCountsService({
  db,
  clock,
  activeSubscriptionStats,
}: {
  db: Db;
  clock: () => Date;
  /** The subscriptions module's counts per price (decision 0035). */
  activeSubscriptionStats: ActiveSubscriptionStats;
}) {
  async function subCountsOf(prices: PriceRow[], viewer: Principal | null): Promise<SubCount[]> {
    if (prices.length === 0) return [];
    const stats = await activeSubscriptionStats(
      db,
      prices.map((price) => price.id),
      clock(),
    );
    const statsByPrice = new Map(stats.map((row) => [row.priceId, row]));
    return prices.map((price) =>
      toSubCount(price, statsByPrice.get(price.id), seesPrivate(viewer, price.ownerId)),
    );
  }

  return {
    /** Prices the caller cannot see (unknown, hidden, disabled) are left out of the answer. */
    async forPrices(ids: number[], viewer: Principal | null): Promise<SubCount[]> {
      if (ids.length === 0) return [];
      const prices = await findPricesByIds(db, [...new Set(ids)]);
      return subCountsOf(
        prices.filter((price) => isListed(price) || seesPrivate(viewer, price.ownerId)),
        viewer,
      );
    },

    /** One entry per buyable price of a listed plan; per price of any state for the owner and admins. */
    async forPlan(planId: number, viewer: Principal | null): Promise<SubCount[]> {
      const plan = await findPlanById(db, planId);
      const manages = plan !== null && seesPrivate(viewer, plan.ownerId);
      if (!plan || (!manages && !isPlanListed(plan))) throw new NotFound(`No plan with id ${planId}.`);
      const prices = await findPricesOfPlan(db, planId);
      return subCountsOf(manages ? prices : prices.filter(isListed), viewer);
    },

    /** The price dashboard's card: always the full numbers. */
    async forPrice(priceId: number, principal: Principal): Promise<SubCount> {
      const price = await findPriceById(db, priceId);
      if (!price) throw new NotFound(`No price with id ${priceId}.`);
      authorize(principal, 'price:read-stats', { ownerId: price.ownerId });
      const [subCount] = await subCountsOf([price], principal);
      if (!subCount) throw new Error('a price produced no sub count');
      return subCount;
    },
  };
}

export type SubCountsService = ReturnType<typeof createSubCountsService>;
