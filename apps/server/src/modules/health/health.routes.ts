import { healthResponse, readinessResponse } from '@ember/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness answers while the process runs; readiness also needs the database. Public. */
export const healthRoutes: FastifyPluginAsyncZod<{ pingDatabase: () => Promise<boolean> }> = async (
  app,
  { pingDatabase },
) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness probe', response: { 200: healthResponse } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness probe (database reachable)',
        response: { 200: readinessResponse, 503: readinessResponse },
      },
    },
    async (_request, reply) => {
      const up = await pingDatabase().catch(() => false);
      return up
        ? { status: 'ready' as const, database: 'up' as const }
        : reply.status(503).send({ status: 'not_ready', database: 'down' });
    },
  );
};
