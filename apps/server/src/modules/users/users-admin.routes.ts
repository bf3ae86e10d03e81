import {
  accountTransferResponse,
  addVipQuery,
  adminUserPageResponse,
  adminUserResponse,
  adminUsersQuery,
  transferAccountParams,
  transferAccountQuery,
  updateUserBody,
  userIdParams,
} from '@ember/contracts/admin-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { UserAdminService } from './users-admin.service.ts';

/** Shop base: the admins' user management (spec §7 Users). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ userAdmin: UserAdminService }> = async (
  app,
  { userAdmin },
) => {
  app.get(
    '/users',
    {
      config: { access: routeAccess('user:list') },
      schema: {
        tags: ['users'],
        summary: 'Every account, paged and sorted; search by id, Discord id or username prefix (admins)',
        security: [{ bearer: [] }],
        querystring: adminUsersQuery,
        response: { 200: adminUserPageResponse },
      },
    },
    (request) => userAdmin.listUsers(callerOf(request), request.query),
  );

  app.get(
    '/users/:id',
    {
      config: { access: routeAccess('user:read') },
      schema: {
        tags: ['users'],
        summary: 'One account as the admin panel shows it (admins)',
        security: [{ bearer: [] }],
        params: userIdParams,
        response: { 200: adminUserResponse },
      },
    },
    (request) => userAdmin.getUser(callerOf(request), request.params.id),
  );

  app.put(
    '/users/:id',
    {
      config: { access: routeAccess('user:update') },
      schema: {
        tags: ['users'],
        summary: 'Edit Discord id, username and balance (a balance change is a journal with a reason)',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: updateUserBody,
        response: { 200: adminUserResponse },
      },
    },
    (request) => userAdmin.updateUser(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id/ban',
    {
      config: { access: routeAccess('user:ban') },
      schema: {
        tags: ['users'],
        summary: 'Ban: disable the account, end its sign-ins and revoke its client tokens',
        security: [{ bearer: [] }],
        params: userIdParams,
        response: { 200: adminUserResponse },
      },
    },
    (request) => userAdmin.ban(callerOf(request), request.params.id),
  );

  app.delete(
    '/users/:id/unban',
    {
      config: { access: routeAccess('user:ban') },
      schema: {
        tags: ['users'],
        summary: 'Unban: enable the account again (not a transferred one)',
        security: [{ bearer: [] }],
        params: userIdParams,
        response: { 200: adminUserResponse },
      },
    },
    (request) => userAdmin.unban(callerOf(request), request.params.id),
  );

  app.put(
    '/users/:id/add-vip',
    {
      config: { access: routeAccess('user:add-vip') },
      schema: {
        tags: ['users'],
        summary: 'Add VIP time by hours, days or calendar months',
        security: [{ bearer: [] }],
        params: userIdParams,
        querystring: addVipQuery,
        response: { 200: adminUserResponse },
      },
    },
    (request) => userAdmin.addVip(callerOf(request), request.params.id, request.query),
  );

  app.post(
    '/users/:userId/transfer-account',
    {
      config: { access: routeAccess('user:transfer-account') },
      schema: {
        tags: ['users'],
        summary: "Move an account's subscriptions, money, orders, payouts and sessions to another account",
        security: [{ bearer: [] }],
        params: transferAccountParams,
        querystring: transferAccountQuery,
        response: { 200: accountTransferResponse },
      },
    },
    (request) => userAdmin.transferAccount(callerOf(request), request.params.userId, request.query.targetId),
  );
};
