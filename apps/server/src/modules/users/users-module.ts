import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';
import { usersAdminRoutes } from './users-admin.routes.ts';
import { createUserAdminService, type UserAdminDeps } from './users-admin.service.ts';

/** The account's own profile (shop base); its users service is the sign-in's and the access check's. */
export function usersModule({ env, db, clock, caches }: ModuleContext) {
  const users = createUsersService({ db, clock, caches });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(usersRoutes, { prefix: env.API_SHOP_BASE, users });
  };
  return { name: 'users', plugin, ports: { users } };
}

/**
 * The admins' user management (shop base), built last: an account transfer runs the steps every
 * other module declares for its own tables.
 */
export function userAdminModule(
  { env, db, clock, caches }: ModuleContext,
  ports: Pick<UserAdminDeps, 'wallet' | 'clientTokens' | 'accountTransfer'>,
) {
  const userAdmin = createUserAdminService({ db, clock, caches, ...ports });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(usersAdminRoutes, { prefix: env.API_SHOP_BASE, userAdmin });
  };
  return { name: 'user-admin', plugin, ports: {} };
}
