import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { choosePaymentProcessors, unofferedPaymentsMessage } from '../../config/payment-processors.ts';
import { resolvePaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import type { FetchLike } from '../../lib/safe-fetch.ts';
import { accountHoldsRoutes } from './account-holds.routes.ts';
import { ordersAccountTransfer } from './account-transfer.ts';
import { commerceRoutes } from './commerce.routes.ts';
import { commerceJobs } from './commerce-jobs.ts';
import { createCommerceServices } from './commerce-services.ts';
import { sandboxOutcomeOf } from './sandbox-attempts.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

type CommercePorts = Pick<Parameters<typeof createCommerceServices>[0], 'wallet' | 'notify'> & {
  /** Outbound HTTP to the payment processors (tests hand their fakes). */
  fetch?: FetchLike;
};

/** Products, orders, payments and receipts (commerce base); the processors' webhooks and the sandbox at the root. */
export function commerceModule({ env, db, clock, log, warn }: ModuleContext, ports: CommercePorts) {
  const gateways = resolvePaymentGateways(env, {
    clock,
    fetch: ports.fetch,
    findSandboxOutcome: (providerId) => sandboxOutcomeOf(db, providerId),
  });
  const unoffered = unofferedPaymentsMessage(choosePaymentProcessors(env));
  if (unoffered) log.warn(unoffered);
  if (gateways.sandbox && env.NODE_ENV === 'production') {
    throw new Error('The sandbox payment processor is refused in production');
  }
  const commerce = createCommerceServices({
    db,
    clock,
    wallet: ports.wallet,
    gateways,
    publicUrl: env.PUBLIC_URL,
    orderExpiryMinutes: env.ORDER_EXPIRY_MINUTES,
    warn,
    seller: {
      brand: { name: env.BRAND_NAME, tagline: env.BRAND_TAGLINE },
      studioName: env.BRAND_STUDIO_NAME,
      studioUrl: env.BRAND_STUDIO_URL,
      publicUrl: env.PUBLIC_URL,
    },
    notify: ports.notify,
  });
  const { payments } = commerce;
  const plugin: FastifyPluginAsyncZod = async (app) => {
    const prefix = env.API_COMMERCE_BASE;
    await app.register(commerceRoutes, {
      prefix,
      products: commerce.products,
      orders: commerce.orders,
      payments,
      receipts: commerce.receipts,
    });
    await app.register(accountHoldsRoutes, { prefix, holds: commerce.holds });
    await app.register(webhooksRoutes, { gateways, payments });
    if (gateways.sandbox) {
      await app.register(sandboxCheckoutRoutes, {
        sandbox: gateways.sandbox,
        payments,
        brandName: env.BRAND_NAME,
      });
    }
  };
  return {
    name: 'commerce',
    plugin,
    jobs: commerceJobs({
      expireUnpaidOrders: () => payments.expireUnpaid(clock(), env.ORDER_EXPIRY_MINUTES),
    }).all,
    accountTransfer: { orders: ordersAccountTransfer },
    ports: {},
  };
}
