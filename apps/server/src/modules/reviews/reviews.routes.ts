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
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Shop base. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  const route = declareRoutes(app, { tags: ['reviews'] });

  route.get(
    '/plans/:id/reviews',
    {
      action: 'catalog:browse',
      summary: "A plan's reviews, newest first, paged from 0, with its average and count",
      params: planIdParams,
      querystring: reviewsQuery,
      response: { 200: reviewPageResponse },
    },
    (request) => reviews.page(request.params.id, request.query.page, request.query.size),
  );

  route.get(
    '/plans/:id/reviews/mine',
    {
      action: 'review:write',
      summary: "The caller's review of the plan (hidden ones with why) and whether they may write one",
      params: planIdParams,
      response: { 200: myReviewResponse },
    },
    (request) => reviews.mine(requirePrincipal(request), request.params.id),
  );

  route.post(
    '/plans/:id/reviews',
    {
      action: 'review:write',
      summary: 'Rate and review a plan: a subscriber who ran one of its plugins, once per plan',
      params: planIdParams,
      body: writeReviewBody,
      response: { 201: reviewResponse },
    },
    created((request) => reviews.write(requirePrincipal(request), request.params.id, request.body)),
  );

  route.patch(
    '/reviews/:id',
    {
      action: 'review:edit',
      summary: 'Edit one’s own review',
      params: reviewIdParams,
      body: writeReviewBody,
      response: { 200: reviewResponse },
    },
    (request) => reviews.edit(requirePrincipal(request), request.params.id, request.body),
  );

  route.post(
    '/reviews/:id/answer',
    {
      action: 'review:answer',
      summary: "The plan's developer answers a review, once",
      params: reviewIdParams,
      body: answerReviewBody,
      response: { 200: reviewResponse },
    },
    (request) => reviews.answer(requirePrincipal(request), request.params.id, request.body),
  );

  route.post(
    '/reviews/:id/hide',
    {
      action: 'review:hide',
      summary: 'Staff hide a review with a reason (audited); its author sees it was hidden and why',
      params: reviewIdParams,
      body: hideReviewBody,
      response: { 200: reviewResponse },
    },
    (request) => reviews.hide(callerOf(request), request.params.id, request.body),
  );
};
