import { z } from 'zod';
import { defineJob } from '../jobs/index.ts';

export const ORDER_EXPIRY_JOB = 'commerce-expire-unpaid-orders';

/**
 * Every minute, unpaid card and crypto orders past ORDER_EXPIRY_MINUTES expire and give their
 * stock back. `stately`: a slow sweep is never doubled by the next tick.
 */
export function commerceJobs(deps: { expireUnpaidOrders: () => Promise<number> }) {
  const expireUnpaid = defineJob({
    name: ORDER_EXPIRY_JOB,
    payload: z.object({}).strict(),
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 120,
    schedule: { cron: '* * * * *', payload: {} },
    handler: async () => ({ expired: await deps.expireUnpaidOrders() }),
  });
  return { expireUnpaid, all: [expireUnpaid] };
}
