import { auditEventPageResponse, auditEventsQuery } from '@ember/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { AuditEventsService } from './audit-events.service.ts';

/** Shop base, next to the admins' other read lists (transactions). */
export const auditEventsRoutes: FastifyPluginAsyncZod<{ auditEvents: AuditEventsService }> = async (
  app,
  { auditEvents },
) => {
  const route = declareRoutes(app, { tags: ['audit'] });

  route.get(
    '/admin/audit-events',
    {
      action: 'audit:read',
      summary:
        'The audit trail, newest first, each event in words; filter by actor, target (kind, and id), action and a date range [from, to) (admins)',
      querystring: auditEventsQuery,
      response: { 200: auditEventPageResponse },
    },
    (request) => auditEvents.listEvents(requirePrincipal(request), request.query),
  );
};
