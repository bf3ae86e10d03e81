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
import { declareRoutes } from '../../plugins/define-route.ts';
import type { UserAdminService } from './users-admin.service.ts';

/** Shop base: the admins' user management (spec §7 Users). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ userAdmin: UserAdminService }> = async (
  app,
  { userAdmin },
) => {
  const route = declareRoutes(app, { tags: ['users'] });

  route.get(
    '/users',
    {
      action: 'user:list',
      summary: 'Every account, paged and sorted; search by id, Discord id or username prefix (admins)',
      querystring: adminUsersQuery,
      response: { 200: adminUserPageResponse },
    },
    (request) => userAdmin.listUsers(callerOf(request), request.query),
  );

  route.get(
    '/users/:id',
    {
      action: 'user:read',
      summary: 'One account as the admin panel shows it (admins)',
      params: userIdParams,
      response: { 200: adminUserResponse },
    },
    (request) => userAdmin.getUser(callerOf(request), request.params.id),
  );

  route.put(
    '/users/:id',
    {
      action: 'user:update',
      summary: 'Edit Discord id, username and balance (a balance change is a journal with a reason)',
      params: userIdParams,
      body: updateUserBody,
      response: { 200: adminUserResponse },
    },
    (request) => userAdmin.updateUser(callerOf(request), request.params.id, request.body),
  );

  route.delete(
    '/users/:id/ban',
    {
      action: 'user:ban',
      summary: 'Ban: disable the account, end its sign-ins and revoke its client tokens',
      params: userIdParams,
      response: { 200: adminUserResponse },
    },
    (request) => userAdmin.ban(callerOf(request), request.params.id),
  );

  route.delete(
    '/users/:id/unban',
    {
      action: 'user:ban',
      summary: 'Unban: enable the account again (not a transferred one)',
      params: userIdParams,
      response: { 200: adminUserResponse },
    },
    (request) => userAdmin.unban(callerOf(request), request.params.id),
  );

  route.put(
    '/users/:id/add-vip',
    {
      action: 'user:add-vip',
      summary: 'Add VIP time by hours, days or calendar months',
      params: userIdParams,
      querystring: addVipQuery,
      response: { 200: adminUserResponse },
    },
    (request) => userAdmin.addVip(callerOf(request), request.params.id, request.query),
  );

  route.post(
    '/users/:userId/transfer-account',
    {
      action: 'user:transfer-account',
      summary: "Move an account's subscriptions, money, orders, payouts and sessions to another account",
      params: transferAccountParams,
      querystring: transferAccountQuery,
      response: { 200: accountTransferResponse },
    },
    (request) => userAdmin.transferAccount(callerOf(request), request.params.userId, request.query.targetId),
  );
};
