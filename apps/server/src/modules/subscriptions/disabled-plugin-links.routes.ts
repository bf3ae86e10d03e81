import {
  disabledPluginLinkQuery,
  disabledPluginLinkResponse,
  disabledPluginLinksQuery,
  disabledPluginLinksResponse,
} from '@ember/contracts/disabled-plugin-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created, noContent, noContentResponse } from '../../plugins/route-replies.ts';
import type { DisabledPluginLinksService } from './disabled-plugin-links.service.ts';

/** Shop base: `GET, POST and DELETE /disabled-plugin-links?subscriptionId&pluginLinkId` (spec §7). */
export const disabledPluginLinksRoutes: FastifyPluginAsyncZod<{
  disabledPluginLinks: DisabledPluginLinksService;
}> = async (app, { disabledPluginLinks }) => {
  const route = declareRoutes(app, { tags: ['subscriptions'] });

  route.get(
    '/disabled-plugin-links',
    {
      action: 'subscription:read',
      summary: "The plugins switched off on a subscription (its subscriber, its plan's developer, admins)",
      querystring: disabledPluginLinksQuery,
      response: { 200: disabledPluginLinksResponse },
    },
    (request) => disabledPluginLinks.list(requirePrincipal(request), request.query.subscriptionId),
  );

  route.post(
    '/disabled-plugin-links',
    {
      action: 'subscription:disable-plugin',
      summary:
        'Switch a plugin of a subscription off (its subscriber, admins); the client drops it on its next call',
      querystring: disabledPluginLinkQuery,
      response: { 201: disabledPluginLinkResponse },
    },
    created((request) => {
      const { subscriptionId, pluginLinkId } = request.query;
      return disabledPluginLinks.disable(callerOf(request), subscriptionId, pluginLinkId);
    }),
  );

  route.delete(
    '/disabled-plugin-links',
    {
      action: 'subscription:disable-plugin',
      summary: 'Switch a plugin of a subscription on again (its subscriber, admins)',
      querystring: disabledPluginLinkQuery,
      response: noContentResponse('Switched on'),
    },
    noContent((request) => {
      const { subscriptionId, pluginLinkId } = request.query;
      return disabledPluginLinks.enable(callerOf(request), subscriptionId, pluginLinkId);
    }),
  );
};
