import {
  type createPlanBody,
  type DeletePlanResult,
  PLAN_ARCHIVED_MESSAGE,
  PLAN_DELETED_MESSAGE,
  type PlanResponse,
} from '@ember/contracts/catalog';
import { isForeignKeyViolation } from '@ember/db/errors';
import type { z } from 'zod';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { PlanHasSubscriptions } from './catalog-ports.ts';
import type { Db, HandedDb } from './db.ts';
import { findLabelById } from './labels.repository.ts';
import { ownedChanges } from './owned-changes.ts';
import type { PlanViews } from './plan-views.ts';
import {
  archivePlan,
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

/** What the audit trail compares before and after a change of a plan. */
const auditedFields = ({ name, description, imageUrl, tags, forumLink, hidden, enabled }: PlanRow) => ({
  name,
  description,
  imageUrl,
  tags,
  forumLink,
  hidden,
  enabled,
});

/** A developer's plans (Dev Panel, plan dashboard) and the admin's enable switch. */
export function createPlansService({
  db,
  clock,
  planViews,
  caches,
  planHasSubscriptions,
}: {
  db: Db;
  clock: () => Date;
  planViews: PlanViews;
  /** Every committed change drops the 'catalog' caches of every process (decision 0033). */
  caches: CacheInvalidation;
  /** The subscriptions module's answer to whether the plan ever sold (then it is archived, not deleted). */
  planHasSubscriptions: PlanHasSubscriptions;
}) {
  async function existingPlan(tx: HandedDb, id: number): Promise<PlanRow> {
    const plan = await findPlanById(tx, id);
    if (!plan) throw new NotFound(`No plan with id ${id}.`);
    return plan;
  }

  const changePlan = ownedChanges(
    { db, caches },
    { kind: 'PLAN', existing: existingPlan, reread: findPlanById, audited: auditedFields },
  );

  const currentPlan = async (id: number) => planViews.toPlanResponse(await existingPlan(db, id));

  return {
    async listOwnPlans(principal: Principal): Promise<PlanResponse[]> {
      authorize(principal, 'plan:list-own');
      return planViews.toPlanResponses(await findPlansOfOwner(db, principal.userId));
    },

    async createPlan(principal: Principal, body: PlanBody): Promise<PlanResponse> {
      authorize(principal, 'plan:create');
      const id = await insertPlan(db, principal.userId, body);
      await caches.invalidate('catalog');
      return currentPlan(id);
    },

    async updatePlan(caller: Caller, id: number, body: PlanBody): Promise<PlanResponse> {
      await changePlan(caller, id, 'plan:update', (tx) => updatePlanFields(tx, id, body));
      return currentPlan(id);
    },

    /**
     * Subscriptions are purchase records: a plan that never sold is deleted; one that has sold is
     * archived instead (decision 0018), so its subscriptions keep their plan, price and history.
     */
    async deletePlan(caller: Caller, id: number): Promise<DeletePlanResult> {
      const result = await db.transaction(async (tx) => {
        const plan = await existingPlan(tx, id);
        const role = authorize(caller, 'plan:delete', { ownerId: plan.ownerId });
        const archived = await planHasSubscriptions(tx, id);
        if (archived) {
          await archivePlan(tx, id, clock());
        } else {
          try {
            await deletePlan(tx, id);
          } catch (error) {
            if (!isForeignKeyViolation(error)) throw error;
            throw new Conflict(
              'Other records still refer to this plan, so it cannot be deleted. Hide it instead.',
            );
          }
        }
        if (isStaffAction(caller, role, { ownerId: plan.ownerId })) {
          await recordAudit(tx, actorOf(caller, role), {
            action: 'plan:delete',
            target: { kind: 'PLAN', id },
            before: auditedFields(plan),
            after: archived ? { archived: true } : null,
          });
        }
        return { archived, message: archived ? PLAN_ARCHIVED_MESSAGE : PLAN_DELETED_MESSAGE };
      });
      await caches.invalidate('catalog');
      return result;
    },

    async toggleHidden(caller: Caller, id: number): Promise<PlanResponse> {
      await changePlan(caller, id, 'plan:hide', (tx) => toggleHidden(tx, id));
      return currentPlan(id);
    },

    async toggleEnabled(caller: Caller, id: number): Promise<PlanResponse> {
      await changePlan(caller, id, 'plan:toggle-enabled', (tx) => toggleEnabled(tx, id));
      return currentPlan(id);
    },

    async toggleLabel(caller: Caller, planId: number, labelId: number): Promise<PlanResponse> {
      await db.transaction(async (tx) => {
        const plan = await existingPlan(tx, planId);
        const role = authorize(caller, 'plan:label', { ownerId: plan.ownerId });
        if (!(await findLabelById(tx, labelId))) throw new NotFound(`No label with id ${labelId}.`);
        const labelled = await togglePlanLabel(tx, planId, labelId);
        if (!isStaffAction(caller, role, { ownerId: plan.ownerId })) return;
        await recordAudit(tx, actorOf(caller, role), {
          action: 'plan:label',
          target: { kind: 'PLAN', id: planId },
          before: { labelId, labelled: !labelled },
          after: { labelId, labelled },
        });
      });
      await caches.invalidate('catalog');
      return currentPlan(planId);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
