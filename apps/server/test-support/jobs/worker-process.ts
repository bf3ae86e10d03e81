import type { createDbClient } from '@ember/db/client';
import { createJobQueue, type JobQueueOptions } from '../../src/modules/jobs/job-queue.ts';

/**
 * Makes this process a worker of `definitions` for the multi-process tests: polls every half
 * second, prints `ready` once it takes jobs (what the tests wait for), errors to stderr, and stops
 * cleanly on SIGTERM.
 */
export async function runWorkerProcess(
  database: ReturnType<typeof createDbClient>,
  definitions: JobQueueOptions['definitions'],
) {
  const queue = createJobQueue({
    db: database.db,
    log: {
      debug: () => {},
      error: (details, message) => console.error(message, JSON.stringify(details)),
    },
    definitions,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  });
  await queue.start({ work: true });
  process.stdout.write('ready\n');

  process.once('SIGTERM', async () => {
    await queue.stop();
    await database.close();
    process.exit(0);
  });
}
