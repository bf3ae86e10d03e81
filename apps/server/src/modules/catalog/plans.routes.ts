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
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { PlanCatalogService } from './plan-catalog.service.ts';
import type { PlansService } from './plans.service.ts';

const tags = ['plans'];
const security = [{ bearer: [] }];

/** Shop base. */
export const plansRoutes: FastifyPluginAsyncZod<{
  catalog: PlanCatalogService;
  plans: PlansService;
}> = async (app, { catalog, plans }) => {
  app.get(
    '/plans',
    {
      config: { access: routeAccess('catalog:browse'), cacheResponse: true },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary:
          'The shop: listed plans, paged from 0, filtered by name, developers and labels (any of them)',
        querystring: plansQuery,
        response: { 200: planPageResponse },
      },
    },
    (request) => catalog.listPlans(request.query),
  );

  app.get(
    '/plans/developers',
    {
      config: { access: routeAccess('catalog:browse'), cacheResponse: true },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: "Developers who own listed plans (the shop's developer filter)",
        response: { 200: planDevelopersResponse },
      },
    },
    () => catalog.listDevelopers(),
  );

  app.get(
    '/plans/my',
    {
      config: { access: routeAccess('plan:list-own') },
      schema: {
        tags,
        summary: "The caller's own plans, hidden and disabled ones included",
        security,
        response: { 200: plansResponse },
      },
    },
    (request) => plans.listOwnPlans(requirePrincipal(request)),
  );

  app.get(
    '/plans/:id',
    {
      config: { access: 'optional', cacheResponse: true },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary:
          'A plan page with its buyable prices and their plugins; hidden or disabled plans and prices only for the owner and admins',
        params: planIdParams,
        response: { 200: planDetailResponse },
      },
    },
    async (request) => catalog.getPlan(request.params.id, request.principal),
  );

  app.post(
    '/plans',
    {
      config: { access: routeAccess('plan:create') },
      schema: {
        tags,
        summary: 'Create a plan owned by the caller (enabled and shown)',
        security,
        body: createPlanBody,
        response: { 201: planResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await plans.createPlan(requirePrincipal(request), request.body)),
  );

  app.put(
    '/plans/:id',
    {
      config: { access: routeAccess('plan:update') },
      schema: {
        tags,
        summary: 'Edit a plan (its owner or an admin)',
        security,
        params: planIdParams,
        body: updatePlanBody,
        response: { 200: planResponse },
      },
    },
    (request) => plans.updatePlan(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/plans/:id',
    {
      config: { access: routeAccess('plan:delete') },
      schema: {
        tags,
        summary:
          'Delete a plan (its owner or an admin); one that has sold is archived instead, keeping its purchase records',
        security,
        params: planIdParams,
        response: { 200: deletePlanResponse },
      },
    },
    (request) => plans.deletePlan(callerOf(request), request.params.id),
  );

  app.put(
    '/plans/:id/hide',
    {
      config: { access: routeAccess('plan:hide') },
      schema: {
        tags,
        summary: 'Hide a shown plan from the shop, or show a hidden one (its owner or an admin)',
        security,
        params: planIdParams,
        response: { 200: planResponse },
      },
    },
    (request) => plans.toggleHidden(callerOf(request), request.params.id),
  );

  app.put(
    '/plans/:id/toggle',
    {
      config: { access: routeAccess('plan:toggle-enabled') },
      schema: {
        tags,
        summary: 'Disable an enabled plan, or enable a disabled one (admins)',
        security,
        params: planIdParams,
        response: { 200: planResponse },
      },
    },
    (request) => plans.toggleEnabled(callerOf(request), request.params.id),
  );

  app.put(
    '/plans/:planId/labels/:labelId',
    {
      config: { access: routeAccess('plan:label') },
      schema: {
        tags,
        summary: 'Add the label to the plan, or remove it when the plan has it (its owner or an admin)',
        security,
        params: planLabelParams,
        response: { 200: planResponse },
      },
    },
    (request) => plans.toggleLabel(callerOf(request), request.params.planId, request.params.labelId),
  );
};
