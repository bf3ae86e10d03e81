// The delivery module's public surface: code outside the module imports only from here (decision 0035).
export { approvalsRoutes } from './approvals.routes.ts';
export { clientReleasesRoutes } from './client-releases.routes.ts';
export { deliveryRoutes } from './delivery.routes.ts';
export { deliveryModule } from './delivery-module.ts';
export { createDeliveryServices } from './delivery-services.ts';
export { findIncludedPlugins } from './included-plugins.ts';
export { pluginMediaRoutes } from './plugin-media.routes.ts';
export { findPluginName, findPluginsWithArtifacts, pluginArtifacts, pluginGrants } from './plugin-reads.ts';
export { findPluginShowcases } from './plugin-showcases.ts';
export { repoUpdatesRoutes } from './repo-updates.routes.ts';
