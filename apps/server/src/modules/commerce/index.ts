// The commerce module's public surface: code outside the module imports only from here (decision 0035).
export { accountHoldsRoutes } from './account-holds.routes.ts';
export { ordersAccountTransfer } from './account-transfer.ts';
export { commerceRoutes } from './commerce.routes.ts';
export { commerceJobs } from './commerce-jobs.ts';
export { commerceModule } from './commerce-module.ts';
export { createCommerceServices } from './commerce-services.ts';
export { sandboxOutcomeOf } from './sandbox-attempts.ts';
export { sandboxCheckoutRoutes } from './sandbox-checkout.routes.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
