import { defineScheduledJob } from '../jobs/index.ts';

const SWEEP_SIGN_IN_GRANTS_JOB = 'identity-sweep-sign-in-grants';

/** Every night, the record of sign-in grants loses the rows that can no longer sign anyone in. */
export function identityJobs(deps: { sweepGrants: () => Promise<number> }) {
  const sweepGrants = defineScheduledJob({
    name: SWEEP_SIGN_IN_GRANTS_JOB,
    cron: '17 3 * * *',
    handler: async () => ({ deleted: await deps.sweepGrants() }),
  });
  return { sweepGrants, all: [sweepGrants] };
}
