import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { auditEventsRoutes } from './audit-events.routes.ts';
import { createAuditEventsService } from './audit-events.service.ts';

/** The audit trail, in words (shop base). */
export function auditModule(
  { env, db }: ModuleContext,
  ports: Pick<Parameters<typeof createAuditEventsService>[0], 'actorNames' | 'payeeNames'>,
) {
  const auditEvents = createAuditEventsService({ db, ...ports });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(auditEventsRoutes, { prefix: env.API_SHOP_BASE, auditEvents });
  };
  return { name: 'audit', plugin, ports: {} };
}
