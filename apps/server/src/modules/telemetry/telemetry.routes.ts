import { clientErrorReportBody } from '@ember/contracts/telemetry';
import { CLIENT_ERRORS_PATH } from '@ember/contracts/telemetry-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareRoutes } from '../../plugins/define-route.ts';

/**
 * The web app reports uncaught errors here so they show up in the server log next to API
 * errors. Public (errors happen before sign-in too), so it is rate limited per address.
 */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = declareRoutes(app, { tags: ['telemetry'] });

  route.post(
    CLIENT_ERRORS_PATH,
    {
      access: 'public',
      limit: 'telemetry',
      summary: 'Report an uncaught error from the web app',
      body: clientErrorReportBody,
      response: { 202: z.object({ accepted: z.literal(true) }) },
    },
    async (request, reply) => {
      request.log.warn({ clientError: request.body }, 'client-side error reported');
      return reply.status(202).send({ accepted: true as const });
    },
  );
};
