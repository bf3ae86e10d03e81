import { defineScheduledJob } from '../jobs/index.ts';

export const ORDER_EXPIRY_JOB = 'commerce-expire-unpaid-orders';

/**
 * Every minute, unpaid card and crypto orders past ORDER_EXPIRY_MINUTES expire and give their
 * stock back. `stately`: a slow sweep is never doubled by the next tick.
 */
export function commerceJobs(deps: { expireUnpaidOrders: () => Promise<number> }) {
  const expireUnpaid = defineScheduledJob({
    name: ORDER_EXPIRY_JOB,
    cron: '* * * * *',
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    handler: async () => ({ expired: await deps.expireUnpaidOrders() }),
  });
  return { expireUnpaid, all: [expireUnpaid] };
}
