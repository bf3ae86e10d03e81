import {
  createPlanBody,
  deletePlanResponse,
  planDetailResponse,
  planDevelopersResponse,
  planIdParams,
  planLabelParams,
  planPageResponse,
  planResponse,
  plansQuery,
  plansResponse,
  updatePlanBody,
} from '@ember/contracts/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import type { PlanCatalogService } from './plan-catalog.service.ts';
import type { PlansService } from './plans.service.ts';

/** Shop base. */
export const plansRoutes: FastifyPluginAsyncZod<{
  catalog: PlanCatalogService;
  plans: PlansService;
}> = async (app, { catalog, plans }) => {
  const route = declareRoutes(app, { tags: ['plans'] });

  route.get(
    '/plans',
    {
      action: 'catalog:browse',
      cacheResponse: true,
      fast: true,
      summary: 'The shop: listed plans, paged from 0, filtered by name, developers and labels (any of them)',
      querystring: plansQuery,
      response: { 200: planPageResponse },
    },
    (request) => catalog.listPlans(request.query),
  );

  route.get(
    '/plans/developers',
    {
      action: 'catalog:browse',
      cacheResponse: true,
      fast: true,
      summary: "Developers who own listed plans (the shop's developer filter)",
      response: { 200: planDevelopersResponse },
    },
    () => catalog.listDevelopers(),
  );

  route.get(
    '/plans/my',
    {
      action: 'plan:list-own',
      summary: "The caller's own plans, hidden and disabled ones included",
      response: { 200: plansResponse },
    },
    (request) => plans.listOwnPlans(requirePrincipal(request)),
  );

  route.get(
    '/plans/:id',
    {
      access: 'optional',
      cacheResponse: true,
      fast: true,
      summary:
        'A plan page with its buyable prices and their plugins; hidden or disabled plans and prices only for the owner and admins',
      params: planIdParams,
      response: { 200: planDetailResponse },
    },
    async (request) => catalog.getPlan(request.params.id, request.principal),
  );

  route.post(
    '/plans',
    {
      action: 'plan:create',
      summary: 'Create a plan owned by the caller (enabled and shown)',
      body: createPlanBody,
      response: { 201: planResponse },
    },
    created((request) => plans.createPlan(requirePrincipal(request), request.body)),
  );

  route.put(
    '/plans/:id',
    {
      action: 'plan:update',
      summary: 'Edit a plan (its owner or an admin)',
      params: planIdParams,
      body: updatePlanBody,
      response: { 200: planResponse },
    },
    (request) => plans.updatePlan(callerOf(request), request.params.id, request.body),
  );

  route.delete(
    '/plans/:id',
    {
      action: 'plan:delete',
      summary:
        'Delete a plan (its owner or an admin); one that has sold is archived instead, keeping its purchase records',
      params: planIdParams,
      response: { 200: deletePlanResponse },
    },
    (request) => plans.deletePlan(callerOf(request), request.params.id),
  );

  route.put(
    '/plans/:id/hide',
    {
      action: 'plan:hide',
      summary: 'Hide a shown plan from the shop, or show a hidden one (its owner or an admin)',
      params: planIdParams,
      response: { 200: planResponse },
    },
    (request) => plans.toggleHidden(callerOf(request), request.params.id),
  );

  route.put(
    '/plans/:id/toggle',
    {
      action: 'plan:toggle-enabled',
      summary: 'Disable an enabled plan, or enable a disabled one (admins)',
      params: planIdParams,
      response: { 200: planResponse },
    },
    (request) => plans.toggleEnabled(callerOf(request), request.params.id),
  );

  route.put(
    '/plans/:planId/labels/:labelId',
    {
      action: 'plan:label',
      summary: 'Add the label to the plan, or remove it when the plan has it (its owner or an admin)',
      params: planLabelParams,
      response: { 200: planResponse },
    },
    (request) => plans.toggleLabel(callerOf(request), request.params.planId, request.params.labelId),
  );
};
