import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/** Balances and the books: every money movement posts one balanced journal here (shop base). */
export function walletModule({ env, db }: ModuleContext) {
  const wallet = createWalletService({ db });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(walletRoutes, { prefix: env.API_SHOP_BASE, wallet });
  };
  return { name: 'wallet', plugin, ports: { wallet } };
}
