import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { subscriptionsAccountTransfer } from './account-transfer.ts';
import { disabledPluginLinksRoutes } from './disabled-plugin-links.routes.ts';
import { createDisabledPluginLinksService } from './disabled-plugin-links.service.ts';
import { createDiscountCodeAttempts } from './discount-code-attempts.ts';
import { subscriptionManagementRoutes } from './subscription-management.routes.ts';
import { subscriptionPurchasesRoutes } from './subscription-purchases.routes.ts';
import { subscriptionReadsRoutes } from './subscription-reads.routes.ts';
import { createSubscriptionServices } from './subscription-services.ts';

type SubscriptionPorts = Pick<
  Parameters<typeof createSubscriptionServices>[0],
  'wallet' | 'notify' | 'notifyAll'
>;

/** Buying, managing and reading subscriptions, and the plugin links a subscriber switched off (shop base). */
export function subscriptionsModule({ env, db, clock, counters }: ModuleContext, ports: SubscriptionPorts) {
  const subscriptions = createSubscriptionServices({
    db,
    clock,
    developerSharePercent: env.DEVELOPER_SHARE_PERCENT,
    ...ports,
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    const prefix = env.API_SHOP_BASE;
    await app.register(subscriptionPurchasesRoutes, {
      prefix,
      purchases: subscriptions.purchases,
      codeAttempts: createDiscountCodeAttempts({
        store: counters,
        maxFailures: env.DISCOUNT_CODE_FAILURES_PER_HOUR,
      }),
    });
    await app.register(subscriptionManagementRoutes, { prefix, management: subscriptions.management });
    await app.register(subscriptionReadsRoutes, { prefix, reads: subscriptions.reads });
    await app.register(disabledPluginLinksRoutes, {
      prefix,
      disabledPluginLinks: createDisabledPluginLinksService({ db }),
    });
  };
  return {
    name: 'subscriptions',
    plugin,
    accountTransfer: { subscriptions: subscriptionsAccountTransfer },
    ports: { management: subscriptions.management },
  };
}
