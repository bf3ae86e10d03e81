import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { payoutsAccountTransfer } from './account-transfer.ts';
import { payoutsRoutes } from './payouts.routes.ts';
import { createPayoutsService } from './payouts.service.ts';

/** The developers' payouts (commerce base). */
export function payoutsModule(
  { env, db, clock }: ModuleContext,
  ports: Pick<Parameters<typeof createPayoutsService>[0], 'notify'>,
) {
  const payouts = createPayoutsService({
    db,
    clock,
    brand: { name: env.BRAND_NAME, tagline: env.BRAND_TAGLINE },
    ...ports,
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(payoutsRoutes, { prefix: env.API_COMMERCE_BASE, payouts });
  };
  return { name: 'payouts', plugin, accountTransfer: { payouts: payoutsAccountTransfer }, ports: {} };
}
