import {
  markReadBody,
  notificationSettings,
  notificationsPage,
  notificationsQuery,
  unreadCountResponse,
} from '@ember/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** Shop base: the signed-in account's notification centre. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const read = { config: { access: routeAccess('notification:read') } };
  const update = { config: { access: routeAccess('notification:update') } };

  app.get(
    '/notifications',
    {
      ...read,
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        security,
        querystring: notificationsQuery,
        response: { 200: notificationsPage },
      },
    },
    async (request) => notifications.list(requirePrincipal(request), request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      ...read,
      schema: {
        tags,
        summary: 'How many notifications the caller has not seen (counted up to 100)',
        security,
        response: { 200: unreadCountResponse },
      },
    },
    async (request) => notifications.unreadCount(requirePrincipal(request)),
  );

  app.post(
    '/notifications/read',
    {
      ...update,
      schema: {
        tags,
        summary: 'Marks the given notifications of the caller read; answers the unread count',
        security,
        body: markReadBody,
        response: { 200: unreadCountResponse },
      },
    },
    async (request) => notifications.markRead(requirePrincipal(request), request.body.ids),
  );

  app.get(
    '/notifications/settings',
    {
      ...read,
      schema: {
        tags,
        summary: 'Whether the caller gets their notifications as Discord direct messages too',
        security,
        response: { 200: notificationSettings },
      },
    },
    async (request) => notifications.settings(requirePrincipal(request)),
  );

  app.put(
    '/notifications/settings',
    {
      ...update,
      schema: {
        tags,
        summary: 'Turns Discord direct messages of the notifications on or off',
        security,
        body: notificationSettings,
        response: { 200: notificationSettings },
      },
    },
    async (request) => notifications.saveSettings(requirePrincipal(request), request.body),
  );
};
