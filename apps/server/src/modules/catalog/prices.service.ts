import type { createPriceBody, PriceResponse, updatePriceBody } from '@ember/contracts/catalog';
import { isForeignKeyViolation } from '@ember/db/errors';
import type { z } from 'zod';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, can, isStaffAction } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { isPlanListed, isPriceListed } from './catalog-listing.ts';
import type { ActiveSubscriptionsOfPrice } from './catalog-ports.ts';
import type { Db } from './db.ts';
import { ownedChanges } from './owned-changes.ts';
import { findPlanById } from './plans.repository.ts';
import { toPriceResponse } from './price-views.ts';
import {
  clearSlots,
  deletePrice,
  findPriceById,
  findPricesOfOwner,
  findPricesOfPlan,
  insertPrice,
  type PriceRow,
  updatePriceFields,
} from './prices.repository.ts';

type CreatePriceBody = z.output<typeof createPriceBody>;
type UpdatePriceBody = z.output<typeof updatePriceBody>;

const isVisibleTo = (viewer: Principal | null, price: PriceRow) =>
  can(viewer, 'plan:read-private', { ownerId: price.ownerId }) !== null ||
  isPriceListed(price, { enabled: price.planEnabled, hidden: price.planHidden });

/** What the audit trail compares before and after a change of a price: its own fields. */
const auditedFields = ({
  id: _id,
  planId: _p,
  ownerId: _o,
  planEnabled: _e,
  planHidden: _h,
  ...fields
}: PriceRow) => fields;

export function createPricesService({
  db,
  clock,
  caches,
  activeSubscriptionsOfPrice,
}: {
  db: Db;
  clock: () => Date;
  /** Every committed change drops the 'catalog' caches of every process (decision 0033). */
  caches: CacheInvalidation;
  /** The subscriptions module's count, which keeps a price with running subscriptions. */
  activeSubscriptionsOfPrice: ActiveSubscriptionsOfPrice;
}) {
  /**
   * Makes an allowed change to a price in one transaction; a staff change (an admin's, or anyone's
   * on a price that is not theirs) goes on the audit trail with the fields it changed.
   */
  const changePrice = ownedChanges(
    { db, caches },
    {
      kind: 'PRICE',
      existing: async (tx, id) => {
        const price = await findPriceById(tx, id);
        if (!price) throw new NotFound(`No price with id ${id}.`);
        return price;
      },
      reread: findPriceById,
      audited: auditedFields,
    },
  );

  async function currentPrice(id: number): Promise<PriceResponse> {
    const price = await findPriceById(db, id);
    if (!price) throw new NotFound(`No price with id ${id}.`);
    return toPriceResponse(price);
  }

  return {
    /** Buyable prices of a listed plan; every price for the plan's owner and admins. */
    async listPricesOfPlan(planId: number, viewer: Principal | null): Promise<PriceResponse[]> {
      const plan = await findPlanById(db, planId);
      if (!plan || (!can(viewer, 'plan:read-private', { ownerId: plan.ownerId }) && !isPlanListed(plan))) {
        throw new NotFound(`No plan with id ${planId}.`);
      }
      const prices = await findPricesOfPlan(db, planId);
      return prices.filter((price) => isVisibleTo(viewer, price)).map(toPriceResponse);
    },

    async listOwnPrices(principal: Principal, planId?: number): Promise<PriceResponse[]> {
      authorize(principal, 'plan:list-own');
      return (await findPricesOfOwner(db, principal.userId, planId)).map(toPriceResponse);
    },

    async getPrice(id: number, viewer: Principal | null): Promise<PriceResponse> {
      const price = await findPriceById(db, id);
      if (!price || !isVisibleTo(viewer, price)) throw new NotFound(`No price with id ${id}.`);
      return toPriceResponse(price);
    },

    /** Spec §4: a new price starts disabled and hidden whatever the form says; the owner shows it when ready. */
    async createPrice(caller: Caller, body: CreatePriceBody): Promise<PriceResponse> {
      const { planId, enabled: _enabled, hidden: _hidden, ...fields } = body;
      const id = await db.transaction(async (tx) => {
        const plan = await findPlanById(tx, planId);
        if (!plan) throw new NotFound(`No plan with id ${planId}.`);
        const role = authorize(caller, 'price:create', { ownerId: plan.ownerId });
        const created = { ...fields, enabled: false, hidden: true };
        const priceId = await insertPrice(tx, planId, created);
        if (isStaffAction(caller, role, { ownerId: plan.ownerId })) {
          await recordAudit(tx, actorOf(caller, role), {
            action: 'price:create',
            target: { kind: 'PRICE', id: priceId },
            after: { planId, ...created },
          });
        }
        return priceId;
      });
      await caches.invalidate('catalog');
      return currentPrice(id);
    },

    async updatePrice(caller: Caller, priceId: number, body: UpdatePriceBody): Promise<PriceResponse> {
      if (body.priceId !== priceId) throw new Invalid('The price id in the body does not match the address.');
      await changePrice(caller, priceId, 'price:update', async (tx, price) => {
        const { planId, priceId: _priceId, enabled, hidden, ...fields } = body;
        if (planId !== price.planId) throw new Invalid('A price cannot be moved to another plan.');
        await updatePriceFields(tx, priceId, {
          ...fields,
          enabled: enabled ?? price.enabled,
          hidden: hidden ?? price.hidden,
        });
      });
      return currentPrice(priceId);
    },

    /** Like plans: a price with subscriptions, running or past, is kept as a purchase record. */
    async deletePrice(caller: Caller, id: number): Promise<void> {
      await changePrice(caller, id, 'price:delete', async (tx) => {
        const active = await activeSubscriptionsOfPrice(tx, id, clock());
        if (active > 0) {
          throw new Conflict(
            `This price has ${active} active subscription${active === 1 ? '' : 's'}, so it cannot be deleted. Hide or disable it instead.`,
          );
        }
        try {
          await deletePrice(tx, id);
        } catch (error) {
          if (!isForeignKeyViolation(error)) throw error;
          throw new Conflict(
            'This price has past subscriptions, which are kept as purchase records, so it cannot be deleted. Hide or disable it instead.',
          );
        }
      });
    },

    /** Unlimited from now on; existing subscriptions are untouched. */
    async removeSlots(caller: Caller, id: number): Promise<PriceResponse> {
      await changePrice(caller, id, 'price:remove-slots', (tx) => clearSlots(tx, id));
      return currentPrice(id);
    },
  };
}

export type PricesService = ReturnType<typeof createPricesService>;
