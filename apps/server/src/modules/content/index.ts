// The content module's public surface: code outside the module imports only from here (decision 0035).
export { contentRoutes } from './content.routes.ts';
export { contentModule } from './content-module.ts';
export { crawlerRoutes } from './crawler.routes.ts';
export { buildPublicConfig } from './public-config.ts';
