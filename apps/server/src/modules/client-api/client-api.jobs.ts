import { z } from 'zod';
import { defineJob } from '../jobs/index.ts';

export const EXPIRED_DEVICE_CODES_JOB = 'client-api-delete-expired-device-codes';

/** Every hour, device sign-in requests that expired more than a day ago are deleted. */
export function clientApiJobs(deps: { deleteExpiredDeviceCodes: () => Promise<number> }) {
  const deleteExpiredDeviceCodes = defineJob({
    name: EXPIRED_DEVICE_CODES_JOB,
    payload: z.object({}).strict(),
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    schedule: { cron: '41 * * * *', payload: {} },
    handler: async () => ({ deleted: await deps.deleteExpiredDeviceCodes() }),
  });
  return { deleteExpiredDeviceCodes, all: [deleteExpiredDeviceCodes] };
}
