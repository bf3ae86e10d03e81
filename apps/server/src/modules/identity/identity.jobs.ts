import { z } from 'zod';
import { defineJob } from '../jobs/index.ts';

const SWEEP_SIGN_IN_GRANTS_JOB = 'identity-sweep-sign-in-grants';

/** Every night, the record of sign-in grants loses the rows that can no longer sign anyone in. */
export function identityJobs(deps: { sweepGrants: () => Promise<number> }) {
  const sweepGrants = defineJob({
    name: SWEEP_SIGN_IN_GRANTS_JOB,
    payload: z.object({}).strict(),
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    schedule: { cron: '17 3 * * *', payload: {} },
    handler: async () => ({ deleted: await deps.sweepGrants() }),
  });
  return { sweepGrants, all: [sweepGrants] };
}
