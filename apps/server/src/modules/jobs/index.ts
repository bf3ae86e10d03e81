// The jobs module's public surface: code outside the module imports only from here (decision 0035).
export { applicationJobs } from './application-jobs.ts';
export { defineJob, type JobDefinition } from './define-job.ts';
export { createFailedJobRetry } from './failed-job-retry.ts';
export { createJobQueue, type JobQueue } from './job-queue.ts';
export { jobsRoutes } from './jobs.routes.ts';
export { jobsModule } from './jobs-module.ts';
