// The telemetry module's public surface: code outside the module imports only from here (decision 0035).
export { telemetryModule } from './telemetry-module.ts';
