import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { discountCodesRoutes } from './discount-codes.routes.ts';
import { createDiscountCodesService } from './discount-codes.service.ts';

/** The developers' discount codes (shop base). */
export function discountCodesModule({ env, db, clock }: ModuleContext) {
  const discountCodes = createDiscountCodesService({ db, clock });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(discountCodesRoutes, { prefix: env.API_SHOP_BASE, discountCodes });
  };
  return { name: 'discount-codes', plugin, ports: {} };
}
