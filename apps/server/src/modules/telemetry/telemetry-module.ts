import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { telemetryRoutes } from './telemetry.routes.ts';

/** The browsers' error and vitals reports, at the root. */
export function telemetryModule() {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(telemetryRoutes);
  };
  return { name: 'telemetry', plugin, ports: {} };
}
