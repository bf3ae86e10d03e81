// The content module's public surface: code outside the module imports only from here (decision 0035).
export { contentModule } from './content-module.ts';
export { buildPublicConfig } from './public-config.ts';
