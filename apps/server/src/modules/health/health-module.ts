import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readiness } from '../../lib/graceful-shutdown.ts';
import { healthRoutes } from './health.routes.ts';

/** /healthz and /readyz, at the root. */
export function healthModule(deps: { pingDatabase: () => Promise<boolean>; readiness?: Readiness }) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(healthRoutes, deps);
  };
  return { name: 'health', plugin, ports: {} };
}
