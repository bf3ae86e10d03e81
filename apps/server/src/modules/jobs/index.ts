// The jobs module's public surface: code outside the module imports only from here (decision 0035).
export { defineJob, type JobDefinition } from './define-job.ts';
export { defineScheduledJob } from './define-scheduled-job.ts';
export { createJobQueue, type JobQueue } from './job-queue.ts';
export { jobsModule } from './jobs-module.ts';
