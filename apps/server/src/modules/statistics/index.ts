// The statistics module's public surface: code outside the module imports only from here (decision 0035).
export { statisticsRoutes } from './statistics.routes.ts';
export { createStatisticsService } from './statistics.service.ts';
export { statisticsModule } from './statistics-module.ts';
