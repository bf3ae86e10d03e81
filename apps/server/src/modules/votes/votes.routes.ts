import { errorBody } from '@ember/contracts/error-body';
import { castVoteResponse, voteStatusResponse } from '@ember/contracts/votes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { VotesService } from './votes.service.ts';

/** Shop base. */
export const votesRoutes: FastifyPluginAsyncZod<{ votes: VotesService }> = async (app, { votes }) => {
  app.get(
    '/votes/me',
    {
      config: { access: routeAccess('vote:cast') },
      schema: {
        tags: ['votes'],
        summary: "The signed-in user's last vote, when they may vote next, and the reward per vote",
        security: [{ bearer: [] }],
        response: { 200: voteStatusResponse },
      },
    },
    async (request) => votes.statusOf(requirePrincipal(request)),
  );

  app.post(
    '/votes',
    {
      config: { access: routeAccess('vote:cast') },
      schema: {
        tags: ['votes'],
        summary: 'Vote (once every 4 hours); adds the reward hours and extra sessions',
        description:
          'Too early: 429 with the Retry-After header (seconds until the next vote); GET /votes/me gives its time.',
        security: [{ bearer: [] }],
        response: { 201: castVoteResponse, 429: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await votes.cast(callerOf(request))),
  );
};
