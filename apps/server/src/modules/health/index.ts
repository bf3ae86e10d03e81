// The health module's public surface: code outside the module imports only from here (decision 0035).
export { healthRoutes } from './health.routes.ts';
export { healthModule } from './health-module.ts';
