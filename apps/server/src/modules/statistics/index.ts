// The statistics module's public surface: code outside the module imports only from here (decision 0035).
export { statisticsModule } from './statistics-module.ts';
