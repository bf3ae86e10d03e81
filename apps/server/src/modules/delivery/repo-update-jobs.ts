import { z } from 'zod';
import { defineJob } from '../jobs/index.ts';
import type { RunRepoUpdate } from './repo-update-runner.ts';

export const REPO_UPDATE_JOB = 'delivery-repo-update';
/** Retries after a failed or timed-out attempt; failures of the repository's content are not retried. */
export const REPO_UPDATE_RETRY_LIMIT = 2;

export const repoUpdatePayload = z.object({
  updateId: z.number().int().positive(),
  repositoryId: z.number().int().positive(),
});
export type RepoUpdatePayload = z.output<typeof repoUpdatePayload>;

/**
 * Repository updates run as durable jobs (ADR 0010), `singleton` per repository: one update of a
 * repository runs at a time, later ones wait their turn (each queued update is a row someone sees,
 * so none is dropped). An attempt longer than `timeoutSeconds`, or in a worker that died, expires
 * and is retried by another worker.
 */
export function repoUpdateJobs(deps: {
  run: RunRepoUpdate;
  timeoutSeconds: number;
  retryDelaySeconds?: number;
}) {
  const repoUpdate = defineJob({
    name: REPO_UPDATE_JOB,
    payload: repoUpdatePayload,
    policy: 'singleton',
    key: (payload) => String(payload.repositoryId),
    retryLimit: REPO_UPDATE_RETRY_LIMIT,
    retryDelaySeconds: deps.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: deps.timeoutSeconds,
    handler: (payload, run) => deps.run(payload.updateId, run),
  });
  return { repoUpdate, all: [repoUpdate] };
}
