import { errorBody } from '@ember/contracts/error-body';
import { castVoteResponse, voteStatusResponse } from '@ember/contracts/votes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import type { VotesService } from './votes.service.ts';

/** Shop base. */
export const votesRoutes: FastifyPluginAsyncZod<{ votes: VotesService }> = async (app, { votes }) => {
  const route = declareRoutes(app, { tags: ['votes'] });

  route.get(
    '/votes/me',
    {
      action: 'vote:cast',
      summary: "The signed-in user's last vote, when they may vote next, and the reward per vote",
      response: { 200: voteStatusResponse },
    },
    async (request) => votes.statusOf(requirePrincipal(request)),
  );

  route.post(
    '/votes',
    {
      action: 'vote:cast',
      summary: 'Vote (once every 4 hours); adds the reward hours and extra sessions',
      description:
        'Too early: 429 with the Retry-After header (seconds until the next vote); GET /votes/me gives its time.',
      response: { 201: castVoteResponse, 429: errorBody },
    },
    created((request) => votes.cast(callerOf(request))),
  );
};
