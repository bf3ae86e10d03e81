import { planIdParams } from '@ember/contracts/catalog';
import {
  answerReviewBody,
  hideReviewBody,
  myReviewResponse,
  reviewIdParams,
  reviewPageResponse,
  reviewResponse,
  reviewsQuery,
  writeReviewBody,
} from '@ember/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { ReviewsService } from './reviews.service.ts';

const tags = ['reviews'];
const security = [{ bearer: [] }];

/** Shop base. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/plans/:id/reviews',
    {
      config: { access: routeAccess('catalog:browse') },
      schema: {
        tags,
        summary: "A plan's reviews, newest first, paged from 0, with its average and count",
        params: planIdParams,
        querystring: reviewsQuery,
        response: { 200: reviewPageResponse },
      },
    },
    (request) => reviews.page(request.params.id, request.query.page, request.query.size),
  );

  app.get(
    '/plans/:id/reviews/mine',
    {
      config: { access: routeAccess('review:write') },
      schema: {
        tags,
        summary: "The caller's review of the plan (hidden ones with why) and whether they may write one",
        security,
        params: planIdParams,
        response: { 200: myReviewResponse },
      },
    },
    (request) => reviews.mine(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/plans/:id/reviews',
    {
      config: { access: routeAccess('review:write') },
      schema: {
        tags,
        summary: 'Rate and review a plan: a subscriber who ran one of its plugins, once per plan',
        security,
        params: planIdParams,
        body: writeReviewBody,
        response: { 201: reviewResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reviews.write(requirePrincipal(request), request.params.id, request.body)),
  );

  app.patch(
    '/reviews/:id',
    {
      config: { access: routeAccess('review:edit') },
      schema: {
        tags,
        summary: 'Edit one’s own review',
        security,
        params: reviewIdParams,
        body: writeReviewBody,
        response: { 200: reviewResponse },
      },
    },
    (request) => reviews.edit(requirePrincipal(request), request.params.id, request.body),
  );

  app.post(
    '/reviews/:id/answer',
    {
      config: { access: routeAccess('review:answer') },
      schema: {
        tags,
        summary: "The plan's developer answers a review, once",
        security,
        params: reviewIdParams,
        body: answerReviewBody,
        response: { 200: reviewResponse },
      },
    },
    (request) => reviews.answer(requirePrincipal(request), request.params.id, request.body),
  );

  app.post(
    '/reviews/:id/hide',
    {
      config: { access: routeAccess('review:hide') },
      schema: {
        tags,
        summary: 'Staff hide a review with a reason (audited); its author sees it was hidden and why',
        security,
        params: reviewIdParams,
        body: hideReviewBody,
        response: { 200: reviewResponse },
      },
    },
    (request) => reviews.hide(callerOf(request), request.params.id, request.body),
  );
};
