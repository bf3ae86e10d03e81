// The payouts module's public surface: code outside the module imports only from here (decision 0035).

export { findPayeeNames } from './payee-names.ts';
export { payoutsModule } from './payouts-module.ts';
