import { defineScheduledJob } from '../jobs/index.ts';

export const EXPIRED_DEVICE_CODES_JOB = 'client-api-delete-expired-device-codes';

/** Every hour, device sign-in requests that expired more than a day ago are deleted. */
export function clientApiJobs(deps: { deleteExpiredDeviceCodes: () => Promise<number> }) {
  const deleteExpiredDeviceCodes = defineScheduledJob({
    name: EXPIRED_DEVICE_CODES_JOB,
    cron: '41 * * * *',
    handler: async () => ({ deleted: await deps.deleteExpiredDeviceCodes() }),
  });
  return { deleteExpiredDeviceCodes, all: [deleteExpiredDeviceCodes] };
}
