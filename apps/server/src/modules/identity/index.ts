// The identity module's public surface: code outside the module imports only from here (decision 0035).
export { identityRoutes } from './identity.routes.ts';
export { createIdentityService } from './identity.service.ts';
export { identityModule } from './identity-module.ts';
export { createProductTokens } from './product-token.ts';
export { createSignInGrants } from './sign-in-grants.ts';
