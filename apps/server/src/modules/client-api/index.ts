// The client-api module's public surface: code outside the module imports only from here (decision 0035).

export { clientApiModule } from './client-api-module.ts';
export { loadManifestSigner } from './manifest-keys.ts';
