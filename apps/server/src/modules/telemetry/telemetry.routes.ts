import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const clientErrorReportBody = z.object({
  message: z
    .string({ error: 'The error message is required.' })
    .trim()
    .min(1, 'The error message is required.')
    .max(2000, 'The error message is too long.'),
  stack: z.string({ error: 'The stack must be text.' }).max(10_000, 'The stack is too long.').optional(),
  url: z.string({ error: 'The page address is required.' }).max(2000, 'The page address is too long.'),
});

/**
 * The web app reports uncaught errors here so they show up in the server log next to API
 * errors. Public (errors happen before sign-in too), so it is rate limited per address.
 */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/client-errors',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['telemetry'],
        summary: 'Report an uncaught error from the web app',
        body: clientErrorReportBody,
        response: { 202: z.object({ accepted: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      request.log.warn({ clientError: request.body }, 'client-side error reported');
      return reply.status(202).send({ accepted: true as const });
    },
  );
};
