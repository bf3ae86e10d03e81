import { auditEventPageResponse, auditEventsQuery } from '@ember/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { AuditEventsService } from './audit-events.service.ts';

/** Shop base, next to the admins' other read lists (transactions). */
export const auditEventsRoutes: FastifyPluginAsyncZod<{ auditEvents: AuditEventsService }> = async (
  app,
  { auditEvents },
) => {
  app.get(
    '/admin/audit-events',
    {
      config: { access: routeAccess('audit:read') },
      schema: {
        tags: ['audit'],
        summary:
          'The audit trail, newest first, each event in words; filter by actor, target (kind, and id), action and a date range [from, to) (admins)',
        security: [{ bearer: [] }],
        querystring: auditEventsQuery,
        response: { 200: auditEventPageResponse },
      },
    },
    (request) => auditEvents.listEvents(requirePrincipal(request), request.query),
  );
};
