import type { createPriceBody, PriceResponse, updatePriceBody } from '@ember/contracts/catalog';
import { isForeignKeyViolation } from '@ember/db/errors';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';
import { assertCanManage, canManage, isPlanListed, isPriceListed } from './catalog-access.ts';
import { findPlanById } from './plans.repository.ts';
import { toPriceResponse } from './price-views.ts';
import {
  clearSlots,
  countActiveSubscriptionsOfPrice,
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
  canManage(viewer, price.ownerId) ||
  isPriceListed(price, { enabled: price.planEnabled, hidden: price.planHidden });

export function createPricesService({ db, clock }: { db: Db; clock: () => Date }) {
  async function managedPrice(principal: Principal, id: number): Promise<PriceRow> {
    const price = await findPriceById(db, id);
    if (!price) throw new NotFound(`No price with id ${id}.`);
    assertCanManage(principal, price.ownerId, 'price');
    return price;
  }

  async function currentPrice(id: number): Promise<PriceResponse> {
    const price = await findPriceById(db, id);
    if (!price) throw new NotFound(`No price with id ${id}.`);
    return toPriceResponse(price);
  }

  return {
    /** Buyable prices of a listed plan; every price for the plan's owner and admins. */
    async listPricesOfPlan(planId: number, viewer: Principal | null): Promise<PriceResponse[]> {
      const plan = await findPlanById(db, planId);
      if (!plan || (!canManage(viewer, plan.ownerId) && !isPlanListed(plan))) {
        throw new NotFound(`No plan with id ${planId}.`);
      }
      const prices = await findPricesOfPlan(db, planId);
      return prices.filter((price) => isVisibleTo(viewer, price)).map(toPriceResponse);
    },

    async listOwnPrices(principal: Principal, planId?: number): Promise<PriceResponse[]> {
      return (await findPricesOfOwner(db, principal.userId, planId)).map(toPriceResponse);
    },

    async getPrice(id: number, viewer: Principal | null): Promise<PriceResponse> {
      const price = await findPriceById(db, id);
      if (!price || !isVisibleTo(viewer, price)) throw new NotFound(`No price with id ${id}.`);
      return toPriceResponse(price);
    },

    /** Spec §4: a new price starts disabled and hidden whatever the form says; the owner shows it when ready. */
    async createPrice(principal: Principal, body: CreatePriceBody): Promise<PriceResponse> {
      const { planId, enabled: _enabled, hidden: _hidden, ...fields } = body;
      const plan = await findPlanById(db, planId);
      if (!plan) throw new NotFound(`No plan with id ${planId}.`);
      assertCanManage(principal, plan.ownerId, 'plan');
      return currentPrice(await insertPrice(db, planId, { ...fields, enabled: false, hidden: true }));
    },

    async updatePrice(principal: Principal, priceId: number, body: UpdatePriceBody): Promise<PriceResponse> {
      if (body.priceId !== priceId) throw new Invalid('The price id in the body does not match the address.');
      const price = await managedPrice(principal, priceId);
      const { planId, priceId: _priceId, enabled, hidden, ...fields } = body;
      if (planId !== price.planId) throw new Invalid('A price cannot be moved to another plan.');
      await updatePriceFields(db, priceId, {
        ...fields,
        enabled: enabled ?? price.enabled,
        hidden: hidden ?? price.hidden,
      });
      return currentPrice(priceId);
    },

    /** Like plans: a price with subscriptions, running or past, is kept as a purchase record. */
    async deletePrice(principal: Principal, id: number): Promise<void> {
      await managedPrice(principal, id);
      const active = await countActiveSubscriptionsOfPrice(db, id, clock());
      if (active > 0) {
        throw new Conflict(
          `This price has ${active} active subscription${active === 1 ? '' : 's'}, so it cannot be deleted. Hide or disable it instead.`,
        );
      }
      try {
        await deletePrice(db, id);
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        throw new Conflict(
          'This price has past subscriptions, which are kept as purchase records, so it cannot be deleted. Hide or disable it instead.',
        );
      }
    },

    /** Unlimited from now on; existing subscriptions are untouched. */
    async removeSlots(principal: Principal, id: number): Promise<PriceResponse> {
      await managedPrice(principal, id);
      await clearSlots(db, id);
      return currentPrice(id);
    },
  };
}

export type PricesService = ReturnType<typeof createPricesService>;
