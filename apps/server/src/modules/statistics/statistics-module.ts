import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { createStatisticsService } from './statistics.service.ts';

/** The owner's and developers' figures (shop base). */
export function statisticsModule({ env, db, clock }: ModuleContext) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(statisticsRoutes, {
      prefix: env.API_SHOP_BASE,
      statistics: createStatisticsService({ db, clock }),
    });
  };
  return { name: 'statistics', plugin, ports: {} };
}
