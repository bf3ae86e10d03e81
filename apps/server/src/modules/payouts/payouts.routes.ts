import {
  confirmPayoutBody,
  earningsResponse,
  payoutIdParams,
  payoutPageResponse,
  payoutResponse,
  payoutsQuery,
  requestPayoutQuery,
} from '@ember/contracts/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { callerOf } from '../../policy/caller.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { PayoutsService } from './payouts.service.ts';

const tags = ['payouts'];
const security = [{ bearer: [] }];

/** Commerce base: developer earnings and payouts. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  app.get(
    '/payouts/earnings',
    {
      config: { access: routeAccess('developer-stats:read') },
      schema: {
        tags,
        summary:
          "The caller's earnings card from the books: available, reserved by pending payouts, paid out, earned this month",
        security,
        response: { 200: earningsResponse },
      },
    },
    (request) => payouts.earnings(requirePrincipal(request)),
  );

  app.post(
    '/payouts/request',
    {
      config: { access: routeAccess('payout:request') },
      schema: {
        tags,
        summary:
          'Request a payout of earnings (premium developers); the amount is reserved at once and never exceeds what is available',
        security,
        querystring: requestPayoutQuery,
        response: { 201: payoutResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await payouts.request(callerOf(request), request.query.amount)),
  );

  app.get(
    '/payouts',
    {
      config: { access: routeAccess('payout:read') },
      schema: {
        tags,
        summary: "The caller's payouts, newest first (premium developers)",
        security,
        querystring: payoutsQuery,
        response: { 200: payoutPageResponse },
      },
    },
    (request) => payouts.listOwn(requirePrincipal(request), request.query),
  );

  app.get(
    '/payouts/all',
    {
      config: { access: routeAccess('payout:read') },
      schema: {
        tags,
        summary: "Every developer's payouts, newest first (the owner)",
        security,
        querystring: payoutsQuery,
        response: { 200: payoutPageResponse },
      },
    },
    (request) => payouts.listAll(requirePrincipal(request), request.query),
  );

  app.get(
    '/payouts/:id',
    {
      config: { access: routeAccess('payout:read') },
      schema: {
        tags,
        summary: 'One payout (its developer or the owner)',
        security,
        params: payoutIdParams,
        response: { 200: payoutResponse },
      },
    },
    (request) => payouts.get(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/payouts/:id',
    {
      config: { access: routeAccess('payout:confirm') },
      schema: {
        tags,
        summary: 'Confirm a pending payout as paid, with the transfer reference (the owner)',
        security,
        params: payoutIdParams,
        body: confirmPayoutBody,
        response: { 200: payoutResponse },
      },
    },
    (request) => payouts.confirm(callerOf(request), request.params.id, request.body.reference),
  );
};
