import {
  markReadBody,
  notificationSettings,
  notificationsPage,
  notificationsQuery,
  unreadCountResponse,
} from '@ember/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { NotificationsService } from './notifications.service.ts';

/** Shop base: the signed-in account's notification centre. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const route = declareRoutes(app, { tags: ['notifications'] });

  route.get(
    '/notifications',
    {
      action: 'notification:read',
      summary: "The caller's notifications, newest first",
      querystring: notificationsQuery,
      response: { 200: notificationsPage },
    },
    async (request) => notifications.list(requirePrincipal(request), request.query),
  );

  route.get(
    '/notifications/unread-count',
    {
      action: 'notification:read',
      summary: 'How many notifications the caller has not seen (counted up to 100)',
      response: { 200: unreadCountResponse },
    },
    async (request) => notifications.unreadCount(requirePrincipal(request)),
  );

  route.post(
    '/notifications/read',
    {
      action: 'notification:update',
      summary: 'Marks the given notifications of the caller read; answers the unread count',
      body: markReadBody,
      response: { 200: unreadCountResponse },
    },
    async (request) => notifications.markRead(requirePrincipal(request), request.body.ids),
  );

  route.get(
    '/notifications/settings',
    {
      action: 'notification:read',
      summary: 'Whether the caller gets their notifications as Discord direct messages too',
      response: { 200: notificationSettings },
    },
    async (request) => notifications.settings(requirePrincipal(request)),
  );

  route.put(
    '/notifications/settings',
    {
      action: 'notification:update',
      summary: 'Turns Discord direct messages of the notifications on or off',
      body: notificationSettings,
      response: { 200: notificationSettings },
    },
    async (request) => notifications.saveSettings(requirePrincipal(request), request.body),
  );
};
