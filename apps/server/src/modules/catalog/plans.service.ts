import type { createPlanBody, PlanResponse } from '@ember/contracts/catalog';
import { isForeignKeyViolation, pgErrorOf } from '@ember/db/errors';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';
import { assertCanManage } from './catalog-access.ts';
import { findLabelById } from './labels.repository.ts';
import type { PlanViews } from './plan-views.ts';
import {
  countActiveSubscriptionsOfPlan,
  deletePlan,
  findPlanById,
  findPlansOfOwner,
  insertPlan,
  type PlanRow,
  toggleEnabled,
  toggleHidden,
  togglePlanLabel,
  updatePlanFields,
} from './plans.repository.ts';

type PlanBody = z.output<typeof createPlanBody>;

/** A developer's plans (Dev Panel, plan dashboard) and the admin's enable switch. */
export function createPlansService({
  db,
  clock,
  planViews,
}: {
  db: Db;
  clock: () => Date;
  planViews: PlanViews;
}) {
  async function existingPlan(id: number): Promise<PlanRow> {
    const plan = await findPlanById(db, id);
    if (!plan) throw new NotFound(`No plan with id ${id}.`);
    return plan;
  }

  async function managedPlan(principal: Principal, id: number): Promise<PlanRow> {
    const plan = await existingPlan(id);
    assertCanManage(principal, plan.ownerId, 'plan');
    return plan;
  }

  const currentPlan = async (id: number) => planViews.toPlanResponse(await existingPlan(id));

  return {
    async listOwnPlans(principal: Principal): Promise<PlanResponse[]> {
      return planViews.toPlanResponses(await findPlansOfOwner(db, principal.userId));
    },

    async createPlan(principal: Principal, body: PlanBody): Promise<PlanResponse> {
      return currentPlan(await insertPlan(db, principal.userId, body));
    },

    async updatePlan(principal: Principal, id: number, body: PlanBody): Promise<PlanResponse> {
      await managedPlan(principal, id);
      await updatePlanFields(db, id, body);
      return currentPlan(id);
    },

    /**
     * Subscriptions are purchase records, so a plan that has any cannot be deleted: one with
     * running subscriptions is refused with their count, one with only past ones by the database.
     */
    async deletePlan(principal: Principal, id: number): Promise<void> {
      await managedPlan(principal, id);
      const active = await countActiveSubscriptionsOfPlan(db, id, clock());
      if (active > 0) {
        throw new Conflict(
          `This plan has ${active} active subscription${active === 1 ? '' : 's'}, so it cannot be deleted. Hide it instead.`,
        );
      }
      try {
        await deletePlan(db, id);
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        throw new Conflict(
          pgErrorOf(error)?.constraint?.startsWith('subscriptions_')
            ? 'This plan has past subscriptions, which are kept as purchase records, so it cannot be deleted. Hide it instead.'
            : 'Other records still refer to this plan, so it cannot be deleted. Hide it instead.',
        );
      }
    },

    async toggleHidden(principal: Principal, id: number): Promise<PlanResponse> {
      await managedPlan(principal, id);
      await toggleHidden(db, id);
      return currentPlan(id);
    },

    /** Admin only (enforced by the route). */
    async toggleEnabled(id: number): Promise<PlanResponse> {
      await existingPlan(id);
      await toggleEnabled(db, id);
      return currentPlan(id);
    },

    async toggleLabel(principal: Principal, planId: number, labelId: number): Promise<PlanResponse> {
      await managedPlan(principal, planId);
      if (!(await findLabelById(db, labelId))) throw new NotFound(`No label with id ${labelId}.`);
      await togglePlanLabel(db, planId, labelId);
      return currentPlan(planId);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
