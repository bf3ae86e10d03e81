// The payouts module's public surface: code outside the module imports only from here (decision 0035).

export { payoutsAccountTransfer } from './account-transfer.ts';
export { findPayeeNames } from './payee-names.ts';
export { payoutsRoutes } from './payouts.routes.ts';
export { createPayoutsService } from './payouts.service.ts';
export { payoutsModule } from './payouts-module.ts';
