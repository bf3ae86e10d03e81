// The delivery module's public surface: code outside the module imports only from here (decision 0035).
export { deliveryModule } from './delivery-module.ts';
export { findIncludedPlugins } from './included-plugins.ts';
export {
  findPluginName,
  findPluginsWithArtifacts,
  pluginArtifacts,
  pluginGrants,
  setPluginTargets,
} from './plugin-reads.ts';
export { findPluginShowcases } from './plugin-showcases.ts';
export { findVersionDatesOfPrices } from './plugin-version-dates.ts';
