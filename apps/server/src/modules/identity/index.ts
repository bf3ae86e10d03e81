// The identity module's public surface: code outside the module imports only from here (decision 0035).
export { identityModule } from './identity-module.ts';
export { createProductTokens } from './product-token.ts';
