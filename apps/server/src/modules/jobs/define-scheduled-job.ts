import { z } from 'zod';
import { defineJob, type JobDefinition } from './define-job.ts';

const noPayload = z.object({}).strict();

type Timing = Pick<JobDefinition, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff' | 'expireInSeconds'>;

/** Upkeep's usual timing: two retries a minute apart and doubling, five minutes an attempt. */
const UPKEEP_TIMING: Timing = {
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * Upkeep the queue runs on a cron (UTC) with no payload, `stately` so a slow run is never doubled
 * by the next tick; `UPKEEP_TIMING` unless the job says otherwise.
 */
export function defineScheduledJob(
  job: { name: string; cron: string; handler: () => Promise<unknown> } & Partial<Timing>,
) {
  const { cron, ...rest } = job;
  return defineJob({
    payload: noPayload,
    policy: 'stately',
    ...UPKEEP_TIMING,
    ...rest,
    schedule: { cron, payload: {} },
  });
}
