import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { applicationJobs } from './application-jobs.ts';
import type { JobDefinition } from './define-job.ts';
import { createFailedJobRetry } from './failed-job-retry.ts';
import { createJobQueue } from './job-queue.ts';
import { jobsRoutes } from './jobs.routes.ts';

/**
 * The job queue (decision 0010), built after the other modules: it runs the store's recurring jobs
 * and every job the modules declare. Its failed jobs are listed and retried under the admin base.
 */
export function jobsModule(
  { env, db, log, onClose }: ModuleContext,
  ports: Parameters<typeof applicationJobs>[0] & { moduleJobs: readonly JobDefinition[] },
) {
  const jobs = createJobQueue({
    db,
    log,
    definitions: [...applicationJobs(ports).all, ...ports.moduleJobs],
  });
  onClose(() => jobs.stop());
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(jobsRoutes, {
      prefix: env.API_ADMIN_BASE,
      jobs,
      failedJobs: createFailedJobRetry({ db, jobs }),
    });
  };
  return { name: 'jobs', plugin, ports: { jobs } };
}
