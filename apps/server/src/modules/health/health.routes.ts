import { healthResponse, readinessResponse } from '@ember/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readiness } from '../../lib/graceful-shutdown.ts';
import { declareRoutes } from '../../plugins/define-route.ts';

/**
 * Liveness answers while the process runs; readiness also needs the database, and turns 503 as soon
 * as the process starts shutting down (lib/graceful-shutdown.ts), so a balancer drains it. Public.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  pingDatabase: () => Promise<boolean>;
  readiness?: Pick<Readiness, 'draining'>;
}> = async (app, { pingDatabase, readiness }) => {
  const route = declareRoutes(app, { tags: ['health'] });

  route.get(
    '/healthz',
    {
      access: 'public',
      summary: 'Liveness probe',
      response: { 200: healthResponse },
    },
    async () => ({ status: 'ok' as const }),
  );

  route.get(
    '/readyz',
    {
      access: 'public',
      summary: 'Readiness probe (database reachable, not shutting down)',
      response: { 200: readinessResponse, 503: readinessResponse },
    },
    async (_request, reply) => {
      const up = await pingDatabase().catch(() => false);
      if (readiness?.draining) {
        return reply
          .status(503)
          .send({ status: 'not_ready', database: up ? 'up' : 'down', reason: 'draining' });
      }
      return up
        ? { status: 'ready' as const, database: 'up' as const }
        : reply.status(503).send({ status: 'not_ready', database: 'down' });
    },
  );
};
