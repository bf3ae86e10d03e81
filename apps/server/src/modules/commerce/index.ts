// The commerce module's public surface: code outside the module imports only from here (decision 0035).
export { commerceModule } from './commerce-module.ts';
