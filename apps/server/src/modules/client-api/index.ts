// The client-api module's public surface: code outside the module imports only from here (decision 0035).

export { clientApiJobs } from './client-api.jobs.ts';
export { clientApiRoutes } from './client-api.routes.ts';
export { clientApiModule } from './client-api-module.ts';
export { createClientApiServices } from './client-api-services.ts';
export { giveDemoArtifacts } from './demo-artifacts.ts';
export { deviceApprovalRoutes } from './device-approval.routes.ts';
export { createDeviceCodeAttempts } from './device-code-attempts.ts';
export { loadManifestSigner } from './manifest-keys.ts';
