import {
  findIncludedPlugins,
  findPluginShowcases,
  findVersionDatesOfPrices,
} from '../src/modules/delivery/index.ts';
import { subscriptionCountsForCatalog } from '../src/modules/subscriptions/index.ts';

/** What app.ts hands createCatalogServices from the modules above the catalog, for tests that build it alone. */
export const catalogPorts = {
  subscriptionCounts: subscriptionCountsForCatalog,
  includedPlugins: findIncludedPlugins,
  pluginShowcases: findPluginShowcases,
  versionDatesOfPrices: findVersionDatesOfPrices,
};
